import { instantOfWallClock, isValidTimeZone, wallClockMs } from './zoned-time';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Indexed like Date#getUTCDay. */
const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
type Weekday = (typeof WEEKDAYS)[number];

/** A partner's `operating_hours` as stored (the interface document's shape). */
export interface OperatingHoursInput {
  timezone?: string;
  weekly_hours?: Partial<Record<Weekday, { is_open?: boolean; start?: string; end?: string }>>;
}

/** Open minutes of a weekday: [start, end) from local midnight; `end` beyond 1440 runs past midnight. */
type OpenMinutes = readonly [number, number];

/** When a partner is open, in its IANA zone. */
export interface BusinessSchedule {
  timeZone: string;
  /** Indexed like Date#getUTCDay; null on closed days. */
  days: readonly (OpenMinutes | null)[];
}

function minutesOf(hhmm: string | undefined): number | null {
  const match = hhmm ? HH_MM.exec(hhmm) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * The schedule the SLA clock counts in, or null for calendar hours: when the partner has no
 * operating hours, no open day, or an unknown zone. `end` before `start` means open past midnight;
 * `end` equal to `start` means open around the clock.
 */
export function slaSchedule(
  hours: OperatingHoursInput | null,
  partnerTimeZone: string | null,
): BusinessSchedule | null {
  const timeZone = hours?.timezone ?? partnerTimeZone ?? 'UTC';
  const days = WEEKDAYS.map((weekday): OpenMinutes | null => {
    const day = hours?.weekly_hours?.[weekday];
    const start = minutesOf(day?.start);
    const end = minutesOf(day?.end);
    if (!day?.is_open || start === null || end === null) return null;
    return [start, end > start ? end : end + 24 * 60];
  });
  if (!days.some(Boolean) || !isValidTimeZone(timeZone)) return null;
  return { timeZone, days };
}

/** The open periods [start, end) in epoch ms that end after `from`, in order, without end. */
function* openPeriods(from: number, schedule: BusinessSchedule): Generator<[number, number]> {
  const localMidnight = Math.floor(wallClockMs(from, schedule.timeZone) / DAY_MS) * DAY_MS;
  for (let day = localMidnight - DAY_MS; ; day += DAY_MS) {
    const minutes = schedule.days[new Date(day).getUTCDay()];
    if (!minutes) continue;
    const start = instantOfWallClock(day + minutes[0] * 60_000, schedule.timeZone);
    const end = instantOfWallClock(day + minutes[1] * 60_000, schedule.timeZone);
    if (end > from && end > start) yield [Math.max(start, from), end];
  }
}

/** `start` plus `ms` of open time (calendar time without a schedule). */
export function addBusinessTime(start: Date, ms: number, schedule: BusinessSchedule | null): Date {
  if (!schedule || ms <= 0) return new Date(start.getTime() + Math.max(ms, 0));
  let remaining = ms;
  let cursor = start.getTime();
  for (const [periodStart, periodEnd] of openPeriods(cursor, schedule)) {
    const from = Math.max(periodStart, cursor);
    if (from >= periodEnd) continue;
    if (periodEnd - from >= remaining) return new Date(from + remaining);
    remaining -= periodEnd - from;
    cursor = periodEnd;
  }
  throw new Error('unreachable: a schedule with an open day has open periods every week');
}

/** The SLA due date: `start` plus `hours` counted in the schedule's open hours, else calendar hours. */
export function addBusinessHours(
  start: Date,
  hours: number,
  schedule: BusinessSchedule | null,
): Date {
  return addBusinessTime(start, hours * HOUR_MS, schedule);
}

/** Open time in ms between two instants (0 when `to` is not after `from`). */
export function businessTimeBetween(
  from: Date,
  to: Date,
  schedule: BusinessSchedule | null,
): number {
  if (to <= from) return 0;
  if (!schedule) return to.getTime() - from.getTime();
  let total = 0;
  let cursor = from.getTime();
  for (const [periodStart, periodEnd] of openPeriods(cursor, schedule)) {
    if (periodStart >= to.getTime()) return total;
    const start = Math.max(periodStart, cursor);
    const end = Math.min(periodEnd, to.getTime());
    if (end > start) total += end - start;
    cursor = Math.max(cursor, end);
  }
  return total;
}
