const FIRST_RETRY_SECONDS = 30;
const MAX_DELAY_SECONDS = 60 * 60;
const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * When to try a failed delivery again: 30 s after the first attempt, then doubling, at most an hour
 * apart, for 24 hours from the event; null once the next try would come later than that.
 */
export function nextAttemptAt(createdAt: Date, attemptsMade: number, now: Date): Date | null {
  const exponent = Math.min(Math.max(attemptsMade - 1, 0), 16);
  const delaySeconds = Math.min(FIRST_RETRY_SECONDS * 2 ** exponent, MAX_DELAY_SECONDS);
  const next = new Date(now.getTime() + delaySeconds * 1000);
  return next.getTime() > createdAt.getTime() + GIVE_UP_AFTER_MS ? null : next;
}
