import { instantOfWallClock, wallClockMs } from '../needs/zoned-time';

const DAY_MS = 86_400_000;

/** The SMS counting periods containing an instant, in the organization's zone. */
export interface SmsPeriods {
  /** YYYY-MM-DD of the local day. */
  dayKey: string;
  /** YYYY-MM of the local month. */
  monthKey: string;
  /** The next local midnight: when the daily cap resets. */
  dayResetsAt: Date;
  /** Local midnight of the next month's first day: when the monthly budget resets. */
  monthResetsAt: Date;
}

export function smsPeriods(now: Date, timeZone: string): SmsPeriods {
  const wallClock = new Date(wallClockMs(now.getTime(), timeZone));
  const year = wallClock.getUTCFullYear();
  const month = wallClock.getUTCMonth();
  const day = Date.UTC(year, month, wallClock.getUTCDate());
  return {
    dayKey: new Date(day).toISOString().slice(0, 10),
    monthKey: new Date(day).toISOString().slice(0, 7),
    dayResetsAt: new Date(instantOfWallClock(day + DAY_MS, timeZone)),
    monthResetsAt: new Date(instantOfWallClock(Date.UTC(year, month + 1, 1), timeZone)),
  };
}

/** Whole seconds from `now` until `at`, at least 1 (a Retry-After value). */
export function secondsUntil(now: Date, at: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
}
