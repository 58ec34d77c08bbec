import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A one-time, expiring invitation link for a member, stored as a SHA-256 hash of its token. */
@Entity('member_invitation')
export class MemberInvitationEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @Column({ name: 'member_id', type: 'uuid' }) memberId: string;
  @Column({ name: 'token_hash', type: 'bytea', unique: true }) tokenHash: Buffer;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
