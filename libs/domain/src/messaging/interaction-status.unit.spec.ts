import {
  INTERACTION_STATUSES,
  InteractionStatus,
  mayAdvanceInteraction,
  statusesBefore,
} from './interaction-status';

const FORWARD: Record<InteractionStatus, InteractionStatus[]> = {
  SCHEDULED: ['QUEUED', 'SENT', 'DELIVERED', 'FAILED'],
  QUEUED: ['SENT', 'DELIVERED', 'FAILED'],
  SENT: ['DELIVERED', 'FAILED'],
  DELIVERED: [],
  FAILED: [],
};

describe('interaction status moves', () => {
  const pairs = INTERACTION_STATUSES.flatMap((from) =>
    INTERACTION_STATUSES.map((to) => [from, to] as const),
  );

  it.each(pairs)('%s → %s only forward', (from, to) => {
    expect(mayAdvanceInteraction(from, to)).toBe(FORWARD[from].includes(to));
  });

  it.each(INTERACTION_STATUSES)(
    'statusesBefore(%s) lists the statuses that may move to it',
    (to) => {
      expect(statusesBefore(to).sort()).toEqual(
        INTERACTION_STATUSES.filter((from) => FORWARD[from].includes(to)).sort(),
      );
    },
  );
});
