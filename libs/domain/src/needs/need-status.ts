/** The closed-loop referral lifecycle of a need (docs/NEED-LIFECYCLE.md is generated from it). */
export const NEED_STATUSES = [
  'NEW',
  'ACCEPTED',
  'IN_PROGRESS',
  'ON_HOLD',
  'RESOLVED',
  'DECLINED',
  'CANCELLED',
] as const;
export type NeedStatus = (typeof NEED_STATUSES)[number];

export const NEED_OUTCOMES = ['MET', 'NOT_MET'] as const;
export type NeedOutcome = (typeof NEED_OUTCOMES)[number];

export const DECLINE_REASONS = ['not_eligible', 'no_capacity', 'out_of_area', 'other'] as const;

const MOVES: Record<NeedStatus, readonly NeedStatus[]> = {
  NEW: ['ACCEPTED', 'IN_PROGRESS', 'DECLINED', 'CANCELLED'],
  ACCEPTED: ['IN_PROGRESS', 'ON_HOLD', 'RESOLVED', 'CANCELLED'],
  IN_PROGRESS: ['ON_HOLD', 'RESOLVED', 'CANCELLED'],
  ON_HOLD: ['IN_PROGRESS', 'RESOLVED', 'CANCELLED'],
  RESOLVED: ['IN_PROGRESS'],
  DECLINED: [],
  CANCELLED: [],
};

export function canMove(from: NeedStatus, to: NeedStatus): boolean {
  return MOVES[from].includes(to);
}

/** Closed needs keep their partner; any other need may be re-routed (it becomes NEW there). */
export function canReroute(status: NeedStatus): boolean {
  return status !== 'RESOLVED' && status !== 'CANCELLED';
}

export interface MoveDetails {
  reason?: string | null;
  outcome?: NeedOutcome | null;
}

export interface MoveDetailProblem {
  field: 'reason' | 'outcome';
  message: string;
}

/** What a move to `to` lacks or carries wrongly (RESOLVED needs an outcome, ...); null when complete. */
export function moveDetailProblem(to: NeedStatus, details: MoveDetails): MoveDetailProblem | null {
  if (to === 'RESOLVED' && !details.outcome) {
    return {
      field: 'outcome',
      message: `outcome (${NEED_OUTCOMES.join(' or ')}) is required to resolve`,
    };
  }
  if (to !== 'RESOLVED' && details.outcome) {
    return { field: 'outcome', message: 'outcome is accepted only with status RESOLVED' };
  }
  if (to === 'DECLINED' && !(DECLINE_REASONS as readonly unknown[]).includes(details.reason)) {
    return {
      field: 'reason',
      message: `reason must be one of ${DECLINE_REASONS.join(', ')} to decline`,
    };
  }
  if (to === 'CANCELLED' && !details.reason) {
    return { field: 'reason', message: 'reason is required to cancel' };
  }
  return null;
}

/** A need is overdue while it waits in NEW past its due date. */
export function isOverdue(status: NeedStatus, dueDate: Date | null, now: Date): boolean {
  return status === 'NEW' && dueDate !== null && dueDate.getTime() < now.getTime();
}
