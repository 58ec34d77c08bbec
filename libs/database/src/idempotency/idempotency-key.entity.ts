import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A client's Idempotency-Key for one endpoint of one organization, and the response it produced. A
 * request running with the key holds an advisory lock instead of a row (IdempotencyKeyRepository).
 */
@Entity('idempotency_key')
export class IdempotencyKeyEntity {
  @PrimaryColumn({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @PrimaryColumn({ type: 'text' }) endpoint: string;
  @PrimaryColumn({ type: 'text' }) key: string;
  /** SHA-256 of the request it was first used with. */
  @Column({ name: 'request_hash', type: 'bytea' }) requestHash: Buffer;
  /** Null while a request that calls out holds the key (see IdempotencyKeyRepository). */
  @Column({ name: 'response_status', type: 'int', nullable: true }) responseStatus: number | null;
  @Column({ name: 'response_body', type: 'jsonb', nullable: true }) responseBody: unknown;
  @Column({ name: 'response_location', type: 'text', nullable: true }) responseLocation:
    string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
