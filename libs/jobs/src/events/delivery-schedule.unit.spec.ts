import { nextAttemptAt } from './delivery-schedule';

const created = new Date('2026-01-01T00:00:00Z');
const after = (seconds: number) => new Date(created.getTime() + seconds * 1000);

describe('nextAttemptAt', () => {
  it('retries within 30 s, then doubling, capped at an hour apart', () => {
    expect(nextAttemptAt(created, 1, after(1))).toEqual(after(31));
    expect(nextAttemptAt(created, 2, after(31))).toEqual(after(91));
    expect(nextAttemptAt(created, 3, after(91))).toEqual(after(211));
    expect(nextAttemptAt(created, 9, after(20_000))).toEqual(after(23_600));
    expect(nextAttemptAt(created, 40, after(30_000))).toEqual(after(33_600));
  });

  it('gives up once the next try would come more than 24 hours after the event', () => {
    expect(nextAttemptAt(created, 20, after(82_800))).toEqual(after(86_400));
    expect(nextAttemptAt(created, 21, after(82_801))).toBeNull();
  });
});
