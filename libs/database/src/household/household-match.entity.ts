import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ContactPoint, MatchReason } from '@app/domain';

export const HOUSEHOLD_MATCH_STATUSES = [
  'PENDING',
  'MERGED_HOUSEHOLD',
  'MERGED_CONSTITUENT',
  'DISMISSED',
] as const;
export type HouseholdMatchStatus = (typeof HOUSEHOLD_MATCH_STATUSES)[number];

/**
 * A suggested pairing: `constituentId` is the constituent whose create or update raised it,
 * `candidateConstituentId` the existing one it resembles. One row per unordered pair, ever.
 */
@Entity('household_match')
export class HouseholdMatchEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @Column({ name: 'constituent_id', type: 'uuid' }) constituentId: string;
  @Column({ name: 'candidate_constituent_id', type: 'uuid' }) candidateConstituentId: string;
  @Column({ name: 'household_id', type: 'uuid' }) householdId: string;
  @Column({ name: 'candidate_household_id', type: 'uuid' }) candidateHouseholdId: string;
  @Column({ type: 'numeric', precision: 4, scale: 3 }) score: string;
  @Column({ type: 'text', array: true }) reasons: MatchReason[];
  /** The reasons that are shared contact points (a shelter's address), which weighed nothing. */
  @Column({ name: 'shared_reasons', type: 'text', array: true, default: '{}' })
  sharedReasons: ContactPoint[];
  @Column({ type: 'text', default: 'PENDING' }) status: HouseholdMatchStatus;
  @Column({ name: 'resolved_by', type: 'uuid', nullable: true }) resolvedBy: string | null;
  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true }) resolvedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
