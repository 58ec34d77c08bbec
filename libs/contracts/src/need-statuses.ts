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
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** The statuses a need may move to from each status (a staff UI offers exactly these). */
export const NEED_STATUS_MOVES: Record<NeedStatus, readonly NeedStatus[]> = {
  NEW: ['ACCEPTED', 'IN_PROGRESS', 'DECLINED', 'CANCELLED'],
  ACCEPTED: ['IN_PROGRESS', 'ON_HOLD', 'RESOLVED', 'CANCELLED'],
  IN_PROGRESS: ['ON_HOLD', 'RESOLVED', 'CANCELLED'],
  ON_HOLD: ['IN_PROGRESS', 'RESOLVED', 'CANCELLED'],
  RESOLVED: ['IN_PROGRESS'],
  DECLINED: [],
  CANCELLED: [],
};
