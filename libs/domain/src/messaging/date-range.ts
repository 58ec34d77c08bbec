import { instantOfWallClock, wallClockMs } from '../needs/zoned-time';

const DAY_MS = 86_400_000;
const EXPLICIT = /^(\d{4})-(\d{2})-(\d{2})\/(\d{4})-(\d{2})-(\d{2})$/;

export const NAMED_DATE_RANGES = [
  'today',
  'yesterday',
  'last_7_days',
  'last_30_days',
  'this_month',
  'last_month',
] as const;
export type NamedDateRange = (typeof NAMED_DATE_RANGES)[number];

/** Instants [from, to): from the first local midnight up to the local midnight after the last day. */
export interface DateRange {
  from: Date;
  to: Date;
}

export type DateRangeResult = { range: DateRange } | { problem: string };

/** Local days as wall-clock midnights written as UTC timestamps. */
function localDays(first: number, afterLast: number, timeZone: string): DateRange {
  return {
    from: new Date(instantOfWallClock(first, timeZone)),
    to: new Date(instantOfWallClock(afterLast, timeZone)),
  };
}

function namedDays(name: NamedDateRange, today: number): [number, number] {
  const date = new Date(today);
  const monthStart = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  switch (name) {
    case 'today':
      return [today, today + DAY_MS];
    case 'yesterday':
      return [today - DAY_MS, today];
    case 'last_7_days':
      return [today - 6 * DAY_MS, today + DAY_MS];
    case 'last_30_days':
      return [today - 29 * DAY_MS, today + DAY_MS];
    case 'this_month':
      return [monthStart, Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)];
    case 'last_month':
      return [Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1), monthStart];
  }
}

/** A real calendar date as a wall-clock midnight, else null. */
function calendarDay(year: string, month: string, day: string): number | null {
  const value = Date.UTC(Number(year), Number(month) - 1, Number(day));
  const date = new Date(value);
  const real =
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day);
  return real ? value : null;
}

/**
 * A telephony `date_range` in the organization's zone: a named range relative to `now` (the last N
 * days include today), or `YYYY-MM-DD/YYYY-MM-DD` with both days included.
 */
export function parseDateRange(value: string, now: Date, timeZone: string): DateRangeResult {
  if ((NAMED_DATE_RANGES as readonly string[]).includes(value)) {
    const today = Math.floor(wallClockMs(now.getTime(), timeZone) / DAY_MS) * DAY_MS;
    const [first, afterLast] = namedDays(value as NamedDateRange, today);
    return { range: localDays(first, afterLast, timeZone) };
  }
  const match = EXPLICIT.exec(value);
  const first = match && calendarDay(match[1], match[2], match[3]);
  const last = match && calendarDay(match[4], match[5], match[6]);
  if (first === null || last === null) {
    return {
      problem: `date_range must be one of ${NAMED_DATE_RANGES.join(', ')} or YYYY-MM-DD/YYYY-MM-DD`,
    };
  }
  if (last < first) return { problem: 'date_range ends before it starts' };
  return { range: localDays(first, last + DAY_MS, timeZone) };
}
