import { instantOfWallClock, wallClockMs } from '../needs/zoned-time';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** An organization's quiet window: HH:mm wall-clock times in its IANA zone. */
export interface QuietHours {
  start: string;
  end: string;
  timeZone: string;
}

export type QuietHoursState = { inside: false } | { inside: true; endsAt: Date };

function minutesOf(hhmm: string): number {
  const match = HH_MM.exec(hhmm);
  if (!match) throw new RangeError(`${hhmm} is not an HH:mm time`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * Whether `now` falls in the window [start, end) and, if so, when it ends. `end` before `start` is an
 * overnight window (21:00–08:00). `start` equal to `end` is an empty window. The end is the instant the
 * zone's clocks show `end`; on a spring-forward day an `end` inside the skipped hour lies as far past the
 * gap as it lay into it (see instantOfWallClock).
 */
export function quietHoursAt(now: Date, quiet: QuietHours): QuietHoursState {
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  const wallClock = wallClockMs(now.getTime(), quiet.timeZone);
  const localMidnight = Math.floor(wallClock / DAY_MS) * DAY_MS;
  const minute = Math.floor((wallClock - localMidnight) / MINUTE_MS);
  const overnight = end < start;
  const inside = overnight ? minute >= start || minute < end : minute >= start && minute < end;
  if (!inside) return { inside: false };
  const endDay = overnight && minute >= start ? localMidnight + DAY_MS : localMidnight;
  return {
    inside: true,
    endsAt: new Date(instantOfWallClock(endDay + end * MINUTE_MS, quiet.timeZone)),
  };
}
