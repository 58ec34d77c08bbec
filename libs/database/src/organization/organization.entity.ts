import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

export const ORG_STATUSES = ['ENABLED', 'DISABLED'] as const;
export type OrgStatus = (typeof ORG_STATUSES)[number];

/** A tenant. Its settings columns follow the interface document's settings table. */
@Entity('organization')
export class OrganizationEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'text' }) name: string;
  @Column({ name: 'legal_name', type: 'text', nullable: true }) legalName: string | null;
  @Column({ type: 'citext', unique: true }) slug: string;
  @Column({ name: 'short_code', type: 'text', nullable: true, unique: true }) shortCode:
    string | null;
  @Column({ name: 'org_status', type: 'text', default: 'ENABLED' }) orgStatus: OrgStatus;
  @Column({ name: 'max_concurrency', type: 'int', default: 1 }) maxConcurrency: number;
  @Column({ name: 'tcr_status', type: 'text', nullable: true }) tcrStatus: string | null;
  @Column({ name: 'tcr_brand_status', type: 'text', default: 'unregistered' })
  tcrBrandStatus: string;
  @Column({ name: 'tcr_campaign_status', type: 'text', default: 'unregistered' })
  tcrCampaignStatus: string;
  @Column({ name: 'phone_status', type: 'text', default: 'unassigned' }) phoneStatus: string;
  @Column({ name: 'profile_status', type: 'text', default: 'unconfigured' }) profileStatus: string;
  @Column({ name: 'tcr_brand_id', type: 'text', nullable: true }) tcrBrandId: string | null;
  @Column({ name: 'tcr_campaign_id', type: 'text', nullable: true }) tcrCampaignId: string | null;
  @Column({ name: 'provisioning_error', type: 'text', nullable: true }) provisioningError:
    string | null;
  @Column({ name: 'provisioning_step_errors', type: 'jsonb', default: () => "'{}'" })
  provisioningStepErrors: Record<string, unknown>;
  @Column({ name: 'phone_number', type: 'text', nullable: true }) phoneNumber: string | null;
  @Column({ name: 'redirect_phone_number', type: 'text', nullable: true })
  redirectPhoneNumber: string | null;
  @Column({ name: 'ein_tax_id', type: 'text', nullable: true }) einTaxId: string | null;
  @Column({ name: 'daily_sms_cap', type: 'int', default: 1000 }) dailySmsCap: number;
  @Column({ name: 'monthly_sms_budget', type: 'int', default: 10000 }) monthlySmsBudget: number;
  @Column({ name: 'quiet_hours_enabled', type: 'boolean', default: false })
  quietHoursEnabled: boolean;
  @Column({ name: 'quiet_hours_start', type: 'text', nullable: true }) quietHoursStart:
    string | null;
  @Column({ name: 'quiet_hours_end', type: 'text', nullable: true }) quietHoursEnd: string | null;
  @Column({ name: 'bypass_quiet_hours_for_emergency', type: 'boolean', default: true })
  bypassQuietHoursForEmergency: boolean;
  @Column({ name: 'sms_sender_name', type: 'text', nullable: true }) smsSenderName: string | null;
  @Column({ name: 'support_email', type: 'text', nullable: true }) supportEmail: string | null;
  @Column({ name: 'support_phone', type: 'text', nullable: true }) supportPhone: string | null;
  @Column({ type: 'text', nullable: true }) street: string | null;
  @Column({ type: 'text', nullable: true }) city: string | null;
  @Column({ type: 'text', nullable: true }) state: string | null;
  @Column({ type: 'text', nullable: true }) zip: string | null;
  @Column({ name: 'legal_street', type: 'text', nullable: true }) legalStreet: string | null;
  @Column({ name: 'legal_city', type: 'text', nullable: true }) legalCity: string | null;
  @Column({ name: 'legal_state', type: 'text', nullable: true }) legalState: string | null;
  @Column({ name: 'legal_zip', type: 'text', nullable: true }) legalZip: string | null;
  @Column({ type: 'text', default: 'UTC' }) timezone: string;
  /** Members with a partner see a constituent's personal fields only with SHARE_WITH_PARTNERS consent. */
  @Column({ name: 'require_sharing_consent', type: 'boolean', default: false })
  requireSharingConsent: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
