import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/**
 * A person an organization serves. A merged-away constituent points at the one it was merged into
 * and no longer exists for reads and searches. nameKey, aliasKey, phoneDigits and streetKey are the normalized
 * forms that search and matching use (see ConstituentRepository).
 */
@Entity('constituent')
export class ConstituentEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @Column({ name: 'household_id', type: 'uuid' }) householdId: string;
  @Column({ name: 'first_name', type: 'text', nullable: true }) firstName: string | null;
  @Column({ name: 'last_name', type: 'text', nullable: true }) lastName: string | null;
  @Column({ type: 'text', nullable: true }) phone: string | null;
  @Column({ type: 'citext', nullable: true }) email: string | null;
  @Column({ name: 'address_street', type: 'text', nullable: true }) addressStreet: string | null;
  @Column({ name: 'address_city', type: 'text', nullable: true }) addressCity: string | null;
  @Column({ name: 'address_state', type: 'text', nullable: true }) addressState: string | null;
  @Column({ name: 'address_zip', type: 'text', nullable: true }) addressZip: string | null;
  @Column({ name: 'date_of_birth', type: 'date', nullable: true }) dateOfBirth: string | null;
  @Column({ name: 'sms_opted_out', type: 'boolean', default: false }) smsOptedOut: boolean;
  @Column({ name: 'merged_into_id', type: 'uuid', nullable: true }) mergedIntoId: string | null;
  @Column({ name: 'name_key', type: 'text', nullable: true }) nameKey: string | null;
  @Column({ name: 'alias_key', type: 'text', nullable: true }) aliasKey: string | null;
  @Column({ name: 'phone_digits', type: 'text', nullable: true }) phoneDigits: string | null;
  @Column({ name: 'street_key', type: 'text', nullable: true }) streetKey: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  /** When the constituent was erased: its personal fields are null, it is alone in a household of its own. */
  @Column({ name: 'erased_at', type: 'timestamptz', nullable: true }) erasedAt: Date | null;
}

/** What a client may set on a constituent. */
export const CONSTITUENT_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'addressStreet',
  'addressCity',
  'addressState',
  'addressZip',
  'dateOfBirth',
] as const;
export type ConstituentFields = Pick<ConstituentEntity, (typeof CONSTITUENT_FIELDS)[number]>;
