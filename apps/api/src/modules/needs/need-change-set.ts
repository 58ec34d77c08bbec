import type {
  NeedChanges,
  NeedEntity,
  NeedHistoryKind,
  NewNeedHistory,
  OrganizationId,
} from '@app/database';

/** The changes one update makes to a need, and the history entries they add, applied in order. */
export class NeedChangeSet {
  readonly changes: NeedChanges = {};
  readonly history: NewNeedHistory[] = [];

  constructor(
    readonly organizationId: OrganizationId,
    private readonly original: NeedEntity,
    private readonly actorId: string,
    readonly now: Date,
  ) {}

  /** The need as it stands after the changes so far. */
  get need(): NeedEntity {
    return { ...this.original, ...this.changes };
  }

  set(changes: NeedChanges): void {
    Object.assign(this.changes, changes);
  }

  /** Records a move from the state before `changes` to the state after them. */
  move(
    kind: NeedHistoryKind,
    changes: NeedChanges,
    details: Pick<NewNeedHistory, 'reason' | 'outcome'>,
  ): void {
    const before = this.need;
    this.set(changes);
    const after = this.need;
    this.history.push({
      needId: before.id,
      kind,
      actorId: this.actorId,
      fromStatus: before.status,
      toStatus: after.status,
      fromPartnerId: before.partnerId,
      toPartnerId: after.partnerId,
      ...details,
    });
  }

  get isEmpty(): boolean {
    return Object.keys(this.changes).length === 0;
  }
}
