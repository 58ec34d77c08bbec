import { retryDelaySeconds } from './provisioning-runner';

describe('retryDelaySeconds', () => {
  it('doubles from one second up to ten minutes', () => {
    expect([1, 2, 3, 4, 10, 11, 30].map((attempt) => retryDelaySeconds(attempt, null))).toEqual([
      1, 2, 4, 8, 512, 600, 600,
    ]);
  });

  it('waits as long as Retry-After says (at least a second)', () => {
    expect(retryDelaySeconds(1, 30)).toBe(30);
    expect(retryDelaySeconds(5, 0)).toBe(1);
  });
});
