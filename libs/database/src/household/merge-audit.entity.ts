import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { MovedIds } from '../constituent/constituent-links.repository';
import type { ConstituentFields } from '../constituent/constituent.entity';

export type MergeKind = 'MERGE_CONSTITUENT' | 'MERGE_HOUSEHOLD';

/** A target's field a merge changed: its value before the merge and the value the merge set. */
export interface OverriddenField {
  before: string | null;
  after: string | null;
}

export type OverriddenFields = Partial<Record<keyof ConstituentFields, OverriddenField>>;

/**
 * One merge: who merged what into what, the records as they were before, what moved (counts in
 * `moved`, ids in `movedIds`), the target's fields it overrode, and who undid it, if anyone.
 * `movedIds` is null on merges recorded before merges could be undone. The before-images and
 * `overridden` hold personal data.
 */
@Entity('merge_audit')
export class MergeAuditEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @Column({ type: 'text' }) kind: MergeKind;
  @Column({ name: 'source_constituent_id', type: 'uuid' }) sourceConstituentId: string;
  @Column({ name: 'target_constituent_id', type: 'uuid' }) targetConstituentId: string;
  @Column({ name: 'source_household_id', type: 'uuid' }) sourceHouseholdId: string;
  @Column({ name: 'target_household_id', type: 'uuid' }) targetHouseholdId: string;
  @Column({ name: 'household_match_id', type: 'uuid', nullable: true }) householdMatchId:
    string | null;
  @Column({ name: 'source_before', type: 'jsonb' }) sourceBefore: object;
  @Column({ name: 'target_before', type: 'jsonb' }) targetBefore: object;
  @Column({ type: 'jsonb' }) moved: Record<string, number>;
  @Column({ name: 'moved_ids', type: 'jsonb', nullable: true }) movedIds: MovedIds | null;
  @Column({ type: 'jsonb' }) overridden: OverriddenFields;
  @Column({ name: 'merged_by', type: 'uuid' }) mergedBy: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'undone_by', type: 'uuid', nullable: true }) undoneBy: string | null;
  @Column({ name: 'undone_at', type: 'timestamptz', nullable: true }) undoneAt: Date | null;
}
