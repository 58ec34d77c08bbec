import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface DayHours {
  is_open: boolean;
  /** HH:mm, before `end`; present when the day is open. */
  start?: string;
  end?: string;
}

/** A partner's open hours, stored and returned exactly as the client sent them. */
export interface OperatingHours {
  /** IANA zone of the hours; the partner's own `timezone` applies when absent. */
  timezone?: string;
  weekly_hours: Partial<Record<Weekday, DayHours>>;
}

/** A facility that receives and resolves needs. At most one per organization is the default. */
@Entity('partner')
export class PartnerEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @Column({ type: 'text' }) name: string;
  @Column({ name: 'sla_hours', type: 'int' }) slaHours: number;
  @Column({ name: 'is_archived', type: 'boolean', default: false }) isArchived: boolean;
  @Column({ name: 'is_default', type: 'boolean', default: false }) isDefault: boolean;
  @Column({ name: 'default_confidential', type: 'boolean', default: false })
  defaultConfidential: boolean;
  @Column({ type: 'text', nullable: true }) description: string | null;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) keywords: string[];
  @Column({ type: 'text', nullable: true }) website: string | null;
  @Column({ name: 'public_category_name', type: 'text', nullable: true })
  publicCategoryName: string | null;
  @Column({ type: 'text', nullable: true }) timezone: string | null;
  @Column({ name: 'operating_hours', type: 'jsonb', nullable: true })
  operatingHours: OperatingHours | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
