/** Wall-clock arithmetic in an IANA zone with Intl only (no zone database of our own). */

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time at `instant` in the zone, written as if it were a UTC timestamp. */
export function wallClockMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const seconds = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
  return seconds + (((instant % 1000) + 1000) % 1000);
}

/**
 * The instant at which the zone's clocks show `wallClock` (a wall-clock time written as a UTC
 * timestamp). A time repeated when clocks fall back resolves to its first occurrence; a time skipped
 * when they spring forward resolves to the same distance past the gap (02:30 becomes 03:30).
 */
export function instantOfWallClock(wallClock: number, timeZone: string): number {
  const offsetBefore = wallClockMs(wallClock - DAY_MS, timeZone) - (wallClock - DAY_MS);
  const offsetAfter = wallClockMs(wallClock + DAY_MS, timeZone) - (wallClock + DAY_MS);
  const candidates = [wallClock - offsetBefore, wallClock - offsetAfter].filter(
    (instant) => wallClockMs(instant, timeZone) === wallClock,
  );
  return candidates.length > 0 ? Math.min(...candidates) : wallClock - offsetBefore;
}

/** Whether the runtime's zone database knows the name. */
export function isValidTimeZone(timeZone: string): boolean {
  // Node 22+ also takes UTC offsets ("+01:00") as time zones; no zone name starts with a sign.
  if (/^[+-]/.test(timeZone)) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}
