import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A client's Idempotency-Key for one endpoint of one organization, and the response it produced. */
@Entity('idempotency_key')
export class IdempotencyKeyEntity {
  @PrimaryColumn({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @PrimaryColumn({ type: 'text' }) endpoint: string;
  @PrimaryColumn({ type: 'text' }) key: string;
  /** SHA-256 of the request it was first used with. */
  @Column({ name: 'request_hash', type: 'bytea' }) requestHash: Buffer;
  @Column({ type: 'text', default: 'in_progress' }) status: 'in_progress' | 'done';
  @Column({ name: 'response_status', type: 'int', nullable: true }) responseStatus: number | null;
  @Column({ name: 'response_body', type: 'jsonb', nullable: true }) responseBody: unknown;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
