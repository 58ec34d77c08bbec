import { DateRangeResult, NAMED_DATE_RANGES, parseDateRange } from './date-range';

const at = (iso: string) => new Date(iso);
const range = (from: string, to: string): DateRangeResult => ({
  range: { from: at(from), to: at(to) },
});

describe('parseDateRange', () => {
  describe('named ranges in UTC on 2025-03-15', () => {
    const now = at('2025-03-15T10:00:00Z');

    it.each([
      ['today', '2025-03-15T00:00:00Z', '2025-03-16T00:00:00Z'],
      ['yesterday', '2025-03-14T00:00:00Z', '2025-03-15T00:00:00Z'],
      ['last_7_days', '2025-03-09T00:00:00Z', '2025-03-16T00:00:00Z'],
      ['last_30_days', '2025-02-14T00:00:00Z', '2025-03-16T00:00:00Z'],
      ['this_month', '2025-03-01T00:00:00Z', '2025-04-01T00:00:00Z'],
      ['last_month', '2025-02-01T00:00:00Z', '2025-03-01T00:00:00Z'],
    ])('%s', (name, from, to) => {
      expect(parseDateRange(name, now, 'UTC')).toEqual(range(from, to));
    });

    it('covers every named range', () => {
      for (const name of NAMED_DATE_RANGES) {
        expect(parseDateRange(name, now, 'UTC')).toHaveProperty('range');
      }
    });
  });

  it('uses the local day of the zone', () => {
    expect(parseDateRange('today', at('2025-03-15T03:00:00Z'), 'America/Chicago')).toEqual(
      range('2025-03-14T05:00:00Z', '2025-03-15T05:00:00Z'),
    );
  });

  it('spans a spring-forward change with local midnights on both ends', () => {
    expect(parseDateRange('last_7_days', at('2025-03-12T15:00:00Z'), 'America/New_York')).toEqual(
      range('2025-03-06T05:00:00Z', '2025-03-13T04:00:00Z'),
    );
  });

  it('last_month in January is December of the previous year', () => {
    expect(parseDateRange('last_month', at('2025-01-10T00:00:00Z'), 'UTC')).toEqual(
      range('2024-12-01T00:00:00Z', '2025-01-01T00:00:00Z'),
    );
  });

  it('this_month in Tokyo on the UTC evening of the last day is the next month', () => {
    expect(parseDateRange('this_month', at('2025-03-31T16:00:00Z'), 'Asia/Tokyo')).toEqual(
      range('2025-03-31T15:00:00Z', '2025-04-30T15:00:00Z'),
    );
  });

  describe('explicit ranges', () => {
    const now = at('2025-03-15T10:00:00Z');

    it('includes both days', () => {
      expect(parseDateRange('2025-02-01/2025-02-28', now, 'UTC')).toEqual(
        range('2025-02-01T00:00:00Z', '2025-03-01T00:00:00Z'),
      );
    });

    it('may be a single day', () => {
      expect(parseDateRange('2025-03-15/2025-03-15', now, 'America/New_York')).toEqual(
        range('2025-03-15T04:00:00Z', '2025-03-16T04:00:00Z'),
      );
    });

    it('accepts 29 February of a leap year', () => {
      expect(parseDateRange('2024-02-29/2024-02-29', now, 'UTC')).toHaveProperty('range');
    });

    it('refuses a reversed range', () => {
      expect(parseDateRange('2025-03-02/2025-03-01', now, 'UTC')).toEqual({
        problem: 'date_range ends before it starts',
      });
    });

    it.each([
      '',
      'TODAY',
      'last_week',
      'last_7_days ',
      '2025-02-30/2025-03-01',
      '2025-02-01/2025-13-01',
      '2023-02-29/2023-03-01',
      '2025-2-1/2025-2-3',
      '2025-02-01',
      '2025-02-01/',
      '2025-02-01..2025-02-03',
      '2025-02-01/2025-02-03/2025-02-04',
    ])('refuses %j', (value) => {
      expect(parseDateRange(value, now, 'UTC')).toEqual({
        problem: expect.stringContaining('date_range must be one of today'),
      });
    });
  });
});
