/** A worker's places are shared this many ways: one organization holds at most this fraction. */
const SHARES = 4;

/**
 * The most of a worker process's places one organization may hold at once: a quarter, so however
 * long one organization's outside calls hang (its webhook receivers, its SMS sends), three quarters
 * of the places stay free for the others.
 */
export function organizationShare(places: number): number {
  return Math.max(1, Math.floor(places / SHARES));
}

/**
 * The calls a worker process has in flight, counted per key (an organization, a subscription), each
 * key with the most it may hold at once. A claim skips the keys that are full and takes no more of
 * the others than the places they have left.
 */
export class InFlightShares {
  private readonly held = new Map<string, { count: number; limit: number }>();

  /** One more call of `key`, which may hold `limit` at once. */
  take(key: string, limit: number): void {
    const entry = this.held.get(key) ?? { count: 0, limit };
    entry.count += 1;
    entry.limit = limit;
    this.held.set(key, entry);
  }

  /** A call of `key` ended. */
  release(key: string): void {
    const entry = this.held.get(key);
    if (!entry) return;
    entry.count -= 1;
    if (entry.count <= 0) this.held.delete(key);
  }

  /** The keys holding all their places. */
  full(): string[] {
    return [...this.left()].filter(([, places]) => places === 0).map(([key]) => key);
  }

  /** The places each key with calls in flight has left (a key not listed has them all). */
  left(): Map<string, number> {
    return new Map(
      [...this.held].map(([key, { count, limit }]) => [key, Math.max(limit - count, 0)]),
    );
  }
}
