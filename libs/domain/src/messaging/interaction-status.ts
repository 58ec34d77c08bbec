export const INTERACTION_CHANNELS = ['EMAIL', 'SMS'] as const;
export type InteractionChannel = (typeof INTERACTION_CHANNELS)[number];

export const INTERACTION_DIRECTIONS = ['OUTBOUND', 'INBOUND'] as const;
export type InteractionDirection = (typeof INTERACTION_DIRECTIONS)[number];

export const INTERACTION_STATUSES = ['QUEUED', 'SCHEDULED', 'SENT', 'DELIVERED', 'FAILED'] as const;
export type InteractionStatus = (typeof INTERACTION_STATUSES)[number];

/** How far a message has come; DELIVERED and FAILED are both final. */
const RANK: Record<InteractionStatus, number> = {
  SCHEDULED: 0,
  QUEUED: 1,
  SENT: 2,
  DELIVERED: 3,
  FAILED: 3,
};

/**
 * Whether a delivery update may move a message from `from` to `to`: only forward, so provider events
 * that arrive late, out of order or twice never undo a later state.
 */
export function mayAdvanceInteraction(from: InteractionStatus, to: InteractionStatus): boolean {
  return RANK[to] > RANK[from];
}

/** The statuses a message may be in for a move to `to` to apply (for a conditional UPDATE). */
export function statusesBefore(to: InteractionStatus): InteractionStatus[] {
  return INTERACTION_STATUSES.filter((from) => mayAdvanceInteraction(from, to));
}
