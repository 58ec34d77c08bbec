export interface LimitDecision {
  allowed: boolean;
  /** Seconds until the current window resets. */
  retryAfter: number;
}

/**
 * Counts hits per key in fixed windows, in this process's memory. (@nestjs/throttler 6 is
 * CommonJS that requires the ESM-only Nest 12 packages, which Jest on Node 20 cannot load.)
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, { resetsAt: number; hits: number }>();
  private sweptAt = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  hit(key: string, now = Date.now()): LimitDecision {
    if (this.limit === 0) return { allowed: true, retryAfter: 0 };
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetsAt <= now) {
      window = { resetsAt: now + this.windowMs, hits: 0 };
      this.windows.set(key, window);
    }
    window.hits += 1;
    return {
      allowed: window.hits <= this.limit,
      retryAfter: Math.max(1, Math.ceil((window.resetsAt - now) / 1000)),
    };
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < this.windowMs) return;
    this.sweptAt = now;
    for (const [key, window] of this.windows) if (window.resetsAt <= now) this.windows.delete(key);
  }
}
