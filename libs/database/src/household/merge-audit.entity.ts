import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type MergeKind = 'MERGE_CONSTITUENT' | 'MERGE_HOUSEHOLD';

/** One merge: who merged what into what, the records as they were before, and what moved. */
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
  @Column({ name: 'merged_by', type: 'uuid' }) mergedBy: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
