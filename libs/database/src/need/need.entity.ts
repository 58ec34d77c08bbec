import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { NeedOutcome, NeedStatus } from '@assist/contracts';

/** A request for assistance, routed to one partner and moved through the referral lifecycle. */
@Entity('need')
export class NeedEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @Column({ name: 'partner_id', type: 'uuid' }) partnerId: string;
  @Column({ name: 'constituent_id', type: 'uuid', nullable: true }) constituentId: string | null;
  @Column({ name: 'household_id', type: 'uuid', nullable: true }) householdId: string | null;
  @Column({ name: 'parent_need_id', type: 'uuid', nullable: true }) parentNeedId: string | null;
  @Column({ type: 'text', default: 'NEW' }) status: NeedStatus;
  @Column({ type: 'text' }) description: string;
  @Column({ name: 'custom_fields', type: 'jsonb', default: () => "'{}'" })
  customFields: Record<string, unknown>;
  @Column({ name: 'is_confidential', type: 'boolean', default: false }) isConfidential: boolean;
  @Column({ name: 'assigned_to', type: 'uuid', nullable: true }) assignedTo: string | null;
  /** The member who recorded it; null for public intake. */
  @Column({ name: 'created_by', type: 'uuid', nullable: true }) createdBy: string | null;
  @Column({ name: 'reference_number', type: 'text' }) referenceNumber: string;
  @Column({ name: 'survey_token', type: 'uuid', default: () => 'gen_random_uuid()' })
  surveyToken: string;
  @Column({ name: 'duplicate_warning', type: 'text', nullable: true }) duplicateWarning:
    string | null;
  /** The partner's response target when the need was routed to it. */
  @Column({ name: 'sla_hours', type: 'int' }) slaHours: number;
  @Column({ name: 'due_date', type: 'timestamptz', nullable: true }) dueDate: Date | null;
  /** While ON_HOLD: when the SLA clock stopped and how much open time was left. */
  @Column({ name: 'sla_paused_at', type: 'timestamptz', nullable: true }) slaPausedAt: Date | null;
  @Column({ name: 'sla_remaining_seconds', type: 'int', nullable: true })
  slaRemainingSeconds: number | null;
  @Column({ type: 'text', nullable: true }) outcome: NeedOutcome | null;
  @Column({ type: 'text', nullable: true }) reason: string | null;
  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true }) resolvedAt: Date | null;
  @Column({ name: 'escalated_at', type: 'timestamptz', nullable: true }) escalatedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
