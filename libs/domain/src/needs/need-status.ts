import {
  DECLINE_REASONS,
  NEED_OUTCOMES,
  NEED_STATUS_MOVES,
  type NeedOutcome,
  type NeedStatus,
} from '@assist/contracts';

export function canMove(from: NeedStatus, to: NeedStatus): boolean {
  return NEED_STATUS_MOVES[from].includes(to);
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
