import {
  concurrencyTier,
  GROUP_LIMITS,
  MAX_PARALLEL_SENDS_PER_ORGANIZATION,
} from './sms-dispatch.policy';

describe('concurrencyTier', () => {
  it.each([
    [0, '1'],
    [1, '1'],
    [7, '7'],
    [MAX_PARALLEL_SENDS_PER_ORGANIZATION, '100'],
    [5000, '100'],
  ])('maxConcurrency %i is tier %s', (maxConcurrency, tier) => {
    expect(concurrencyTier(maxConcurrency)).toBe(tier);
  });

  it("names a group limit equal to the tier, at most the organization's share of a worker", () => {
    for (let limit = 1; limit <= MAX_PARALLEL_SENDS_PER_ORGANIZATION; limit++) {
      expect(GROUP_LIMITS.tiers?.[concurrencyTier(limit)]).toBe(Math.min(limit, 32));
    }
  });
});
