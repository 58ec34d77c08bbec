import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The provisioning steps, in the order they run. */
export const PROVISIONING_STEPS = [
  'messaging_profile',
  'phone_number',
  'brand',
  'campaign',
  'campaign_number',
] as const;
export type ProvisioningStepName = (typeof PROVISIONING_STEPS)[number];

export const PROVISIONING_STEP_STATUSES = [
  'PENDING',
  'RUNNING',
  'WAITING',
  'DONE',
  'FAILED',
] as const;
export type ProvisioningStepStatus = (typeof PROVISIONING_STEP_STATUSES)[number];

/** An organization's telephony provisioning run (one per organization, resumed in place). */
@Entity('telephony_provisioning')
export class ProvisioningEntity {
  @PrimaryColumn({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  /** A number the Telnyx account already owns, adopted instead of ordering one. */
  @Column({ name: 'existing_phone_number', type: 'text', nullable: true })
  existingPhoneNumber: string | null;
  @Column({ name: 'started_at', type: 'timestamptz' }) startedAt: Date;
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true }) completedAt: Date | null;
  /** When a job is due to advance the run (a retry or a poll); a sweep re-sends lost ones. */
  @Column({ name: 'next_run_at', type: 'timestamptz', nullable: true }) nextRunAt: Date | null;
  /** Until when one worker holds the run; expires by itself when that worker dies. */
  @Column({ name: 'lease_until', type: 'timestamptz', nullable: true }) leaseUntil: Date | null;
}

/** What a step created at the provider, kept as soon as it is known. */
export interface ProvisioningProgress {
  /** The number order's phone number, once known. */
  phoneNumber?: string;
  /** The number's own id (GET /v2/phone_numbers), for its messaging settings. */
  phoneNumberId?: string;
  /** The number was put on the messaging profile. */
  onProfile?: boolean;
  /** The brand was rejected: the next run corrects it in place. */
  rejected?: boolean;
}

@Entity('telephony_provisioning_step')
export class ProvisioningStepEntity {
  @PrimaryColumn({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @PrimaryColumn({ type: 'text' }) name: ProvisioningStepName;
  @Column({ type: 'int' }) position: number;
  @Column({ type: 'text' }) status: ProvisioningStepStatus;
  @Column({ type: 'int' }) attempts: number;
  /** The provider's id of what the step created (profile, number order, brand, campaign). */
  @Column({ name: 'provider_id', type: 'text', nullable: true }) providerId: string | null;
  @Column({ type: 'jsonb' }) progress: ProvisioningProgress;
  @Column({ type: 'text', nullable: true }) error: string | null;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
