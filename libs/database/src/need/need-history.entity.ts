import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { NeedOutcome, NeedStatus } from '@assist/contracts';

export const NEED_HISTORY_KINDS = ['STATUS', 'REROUTE', 'ESCALATION', 'ASSIGNMENT'] as const;
export type NeedHistoryKind = (typeof NEED_HISTORY_KINDS)[number];

/** One recorded move of a need: a status change, re-route, escalation or assignment. */
@Entity('need_history')
export class NeedHistoryEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  /** Insertion order; moves of one request share `at`. */
  @Column({ type: 'bigint', insert: false, select: false }) seq: string;
  @Column({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @Column({ name: 'need_id', type: 'uuid' }) needId: string;
  @Column({ type: 'text' }) kind: NeedHistoryKind;
  @Column({ type: 'timestamptz', default: () => 'now()' }) at: Date;
  /** Null for the system (escalation). */
  @Column({ name: 'actor_id', type: 'uuid', nullable: true }) actorId: string | null;
  @Column({ name: 'from_status', type: 'text', nullable: true }) fromStatus: NeedStatus | null;
  @Column({ name: 'to_status', type: 'text', nullable: true }) toStatus: NeedStatus | null;
  @Column({ name: 'from_partner_id', type: 'uuid', nullable: true }) fromPartnerId: string | null;
  @Column({ name: 'to_partner_id', type: 'uuid', nullable: true }) toPartnerId: string | null;
  @Column({ type: 'text', nullable: true }) reason: string | null;
  @Column({ type: 'text', nullable: true }) outcome: NeedOutcome | null;
}
