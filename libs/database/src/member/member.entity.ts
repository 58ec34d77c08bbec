import type { AccessProfile, MemberRole } from '@assist/contracts';
import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** A staff user of one organization. Email is unique within the organization. */
@Entity('member')
@Index(['organizationId', 'email'], { unique: true })
export class MemberEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @Column({ type: 'citext' }) email: string;
  @Column({ name: 'full_name', type: 'text' }) fullName: string;
  @Column({ type: 'text' }) role: MemberRole;
  @Column({ name: 'partner_id', type: 'uuid', nullable: true }) partnerId: string | null;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) profiles: AccessProfile[];
  @Column({ type: 'text', nullable: true }) phone: string | null;
  @Column({ name: 'password_hash', type: 'text', nullable: true, select: false })
  passwordHash: string | null;
  @Column({ name: 'is_confirmed', type: 'boolean', default: false }) isConfirmed: boolean;
  @Column({ name: 'is_active', type: 'boolean', default: true }) isActive: boolean;
  @Column({ name: 'sms_opted_out', type: 'boolean', nullable: true }) smsOptedOut: boolean | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
