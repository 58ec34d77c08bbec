import { secondsUntil, smsPeriods } from './sms-periods';

const at = (iso: string) => new Date(iso);

describe('smsPeriods', () => {
  it('counts days and months in UTC', () => {
    expect(smsPeriods(at('2025-01-31T23:59:59Z'), 'UTC')).toEqual({
      dayKey: '2025-01-31',
      monthKey: '2025-01',
      dayResetsAt: at('2025-02-01T00:00:00Z'),
      monthResetsAt: at('2025-02-01T00:00:00Z'),
    });
  });

  it('uses the local date west of UTC', () => {
    expect(smsPeriods(at('2025-02-01T03:00:00Z'), 'America/Los_Angeles')).toEqual({
      dayKey: '2025-01-31',
      monthKey: '2025-01',
      dayResetsAt: at('2025-02-01T08:00:00Z'),
      monthResetsAt: at('2025-02-01T08:00:00Z'),
    });
  });

  it('uses the local date east of UTC', () => {
    expect(smsPeriods(at('2025-03-31T15:30:00Z'), 'Asia/Tokyo')).toEqual({
      dayKey: '2025-04-01',
      monthKey: '2025-04',
      dayResetsAt: at('2025-04-01T15:00:00Z'),
      monthResetsAt: at('2025-04-30T15:00:00Z'),
    });
  });

  it('rolls the year over in December', () => {
    expect(smsPeriods(at('2025-12-15T12:00:00Z'), 'UTC').monthResetsAt).toEqual(
      at('2026-01-01T00:00:00Z'),
    );
  });

  it('has a 23-hour day when the clocks spring forward', () => {
    const periods = smsPeriods(at('2025-03-09T06:00:00Z'), 'America/New_York');
    expect(periods.dayKey).toBe('2025-03-09');
    expect(periods.dayResetsAt).toEqual(at('2025-03-10T04:00:00Z'));
  });

  it('has a 25-hour day when the clocks fall back', () => {
    const periods = smsPeriods(at('2025-11-02T04:30:00Z'), 'America/New_York');
    expect(periods.dayKey).toBe('2025-11-02');
    expect(periods.dayResetsAt).toEqual(at('2025-11-03T05:00:00Z'));
  });

  it('resets the month at local midnight across a DST change', () => {
    expect(smsPeriods(at('2025-10-20T12:00:00Z'), 'Europe/Berlin').monthResetsAt).toEqual(
      at('2025-10-31T23:00:00Z'),
    );
  });
});

describe('secondsUntil', () => {
  it('rounds up to whole seconds', () => {
    expect(secondsUntil(at('2025-01-01T00:00:00.000Z'), at('2025-01-01T00:00:10.001Z'))).toBe(11);
  });

  it('is at least one second', () => {
    expect(secondsUntil(at('2025-01-01T00:00:10Z'), at('2025-01-01T00:00:10Z'))).toBe(1);
    expect(secondsUntil(at('2025-01-01T00:00:11Z'), at('2025-01-01T00:00:10Z'))).toBe(1);
  });
});
