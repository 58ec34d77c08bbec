import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One issued refresh token, stored as a SHA-256 hash. Tokens of one login share a family; a token is
 * used once (rotation), and presenting a used one revokes the whole family (reuse detection).
 */
@Entity('refresh_token')
export class RefreshTokenEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @Column({ name: 'member_id', type: 'uuid' }) memberId: string;
  @Column({ name: 'family_id', type: 'uuid' }) familyId: string;
  @Column({ name: 'token_hash', type: 'bytea', unique: true }) tokenHash: Buffer;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
