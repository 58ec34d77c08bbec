import { quietHoursAt } from './quiet-hours';

const at = (iso: string) => new Date(iso);

describe('quietHoursAt', () => {
  describe('a same-day window 09:00–17:00 in UTC', () => {
    const quiet = { start: '09:00', end: '17:00', timeZone: 'UTC' };

    it.each([
      ['2025-03-10T08:59:59Z', false],
      ['2025-03-10T09:00:00Z', true],
      ['2025-03-10T12:30:00Z', true],
      ['2025-03-10T16:59:59Z', true],
      ['2025-03-10T17:00:00Z', false],
      ['2025-03-10T23:00:00Z', false],
    ])('%s inside: %s', (now, inside) => {
      expect(quietHoursAt(at(now), quiet).inside).toBe(inside);
    });

    it('ends at 17:00 the same day', () => {
      expect(quietHoursAt(at('2025-03-10T09:00:00Z'), quiet)).toEqual({
        inside: true,
        endsAt: at('2025-03-10T17:00:00Z'),
      });
    });
  });

  describe('an overnight window 21:00–08:00 in America/New_York (EST, UTC-5)', () => {
    const quiet = { start: '21:00', end: '08:00', timeZone: 'America/New_York' };

    it('is inside before midnight and ends at 08:00 the next local day', () => {
      expect(quietHoursAt(at('2025-01-15T02:30:00Z'), quiet)).toEqual({
        inside: true,
        endsAt: at('2025-01-15T13:00:00Z'),
      });
    });

    it('is inside after midnight and ends at 08:00 the same local day', () => {
      expect(quietHoursAt(at('2025-01-15T10:00:00Z'), quiet)).toEqual({
        inside: true,
        endsAt: at('2025-01-15T13:00:00Z'),
      });
    });

    it.each([
      ['2025-01-15T01:59:59Z', false],
      ['2025-01-15T02:00:00Z', true],
      ['2025-01-15T12:59:59Z', true],
      ['2025-01-15T13:00:00Z', false],
      ['2025-01-15T18:00:00Z', false],
    ])('%s inside: %s', (now, inside) => {
      expect(quietHoursAt(at(now), quiet).inside).toBe(inside);
    });

    it('ends at local 08:00 after the clocks spring forward overnight (EDT, UTC-4)', () => {
      expect(quietHoursAt(at('2025-03-09T03:00:00Z'), quiet)).toEqual({
        inside: true,
        endsAt: at('2025-03-09T12:00:00Z'),
      });
    });

    it('ends at local 08:00 after the clocks fall back overnight (EST, UTC-5)', () => {
      expect(quietHoursAt(at('2025-11-02T03:00:00Z'), quiet)).toEqual({
        inside: true,
        endsAt: at('2025-11-02T13:00:00Z'),
      });
    });
  });

  describe('ends inside a DST change', () => {
    it('an end in the skipped hour lies as far past the gap as it lay into it', () => {
      const quiet = { start: '22:00', end: '02:30', timeZone: 'America/New_York' };
      expect(quietHoursAt(at('2025-03-09T05:00:00Z'), quiet)).toEqual({
        inside: true,
        endsAt: at('2025-03-09T07:30:00Z'),
      });
    });

    it('an end in the repeated hour is its first occurrence', () => {
      const quiet = { start: '22:00', end: '01:30', timeZone: 'America/New_York' };
      expect(quietHoursAt(at('2025-11-02T04:00:00Z'), quiet)).toEqual({
        inside: true,
        endsAt: at('2025-11-02T05:30:00Z'),
      });
    });

    it('reads the wall clock during the repeated hour', () => {
      const quiet = { start: '01:00', end: '02:00', timeZone: 'America/New_York' };
      expect(quietHoursAt(at('2025-11-02T06:15:00Z'), quiet).inside).toBe(true);
    });
  });

  it('in a zone east of UTC, uses the local date', () => {
    const quiet = { start: '22:00', end: '07:00', timeZone: 'Asia/Tokyo' };
    expect(quietHoursAt(at('2025-06-01T14:00:00Z'), quiet)).toEqual({
      inside: true,
      endsAt: at('2025-06-01T22:00:00Z'),
    });
  });

  it('treats equal start and end as an empty window', () => {
    const quiet = { start: '08:00', end: '08:00', timeZone: 'UTC' };
    for (const now of ['2025-03-10T07:59:00Z', '2025-03-10T08:00:00Z', '2025-03-10T20:00:00Z']) {
      expect(quietHoursAt(at(now), quiet)).toEqual({ inside: false });
    }
  });

  it('refuses a time that is not HH:mm', () => {
    expect(() =>
      quietHoursAt(at('2025-03-10T08:00:00Z'), { start: '24:00', end: '08:00', timeZone: 'UTC' }),
    ).toThrow(RangeError);
  });
});
