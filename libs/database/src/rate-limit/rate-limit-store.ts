import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { QueryConfig } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitCount, RateLimitPolicy } from '@app/http';
import { SystemDatabase } from '../tenancy/system-database';

/** The length of `rate_limit.key`, which holds `<policy name>:<key>`. */
const KEY_COLUMN_LENGTH = 255;

/**
 * Rate limits counted in PostgreSQL (rate-limiter-flexible's store, table `rate_limit`), so any
 * number of API processes share one count: each consume is one atomic upsert, a prepared statement
 * on the system pool through SystemDatabase (the counters are not tenant data). Windows are fixed,
 * starting at a key's first point. A key too long for the table's `varchar(255)` (a long email) is
 * counted under its SHA-256.
 */
@Injectable()
export class RateLimitStore {
  private readonly limiters = new Map<string, RateLimiterPostgres>();

  constructor(private readonly system: SystemDatabase) {}

  /** Spends `points` of the key's window; `allowed` is false once the window is spent. */
  async consume(policy: RateLimitPolicy, key: string, points = 1): Promise<RateLimitCount> {
    try {
      return countOf(
        policy,
        true,
        await this.limiter(policy).consume(storedKey(policy, key), points),
      );
    } catch (refused) {
      if (refused instanceof RateLimiterRes) return countOf(policy, false, refused);
      throw refused;
    }
  }

  /** What the key has left of its window, spending nothing: `allowed` is false once it is spent. */
  async peek(policy: RateLimitPolicy, key: string): Promise<RateLimitCount> {
    const window = await this.limiter(policy).get(storedKey(policy, key));
    if (!window)
      return { policy, allowed: true, remaining: policy.limit, resetSeconds: policy.windowSeconds };
    return countOf(policy, window.remainingPoints > 0, window);
  }

  /** Deletes the windows that ended over an hour ago (the maintenance job). */
  async purgeExpired(): Promise<void> {
    await this.system.manager.query(`DELETE FROM rate_limit WHERE expire < $1`, [
      Date.now() - 3_600_000,
    ]);
  }

  /** Forgets the key's window (a correct password clears its email's or device's failures). */
  async reset(policy: RateLimitPolicy, key: string): Promise<void> {
    await this.limiter(policy).delete(storedKey(policy, key));
  }

  private limiter(policy: RateLimitPolicy): RateLimiterPostgres {
    const id = `${policy.name}/${policy.limit}/${policy.windowSeconds}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterPostgres({
        // rate-limiter-flexible speaks node-postgres: named prepared statements in, `rows` out.
        storeClient: { query: (statement: QueryConfig) => this.system.query(statement) },
        storeType: 'pool',
        tableName: 'rate_limit',
        tableCreated: true,
        keyPrefix: policy.name,
        points: policy.limit,
        duration: policy.windowSeconds,
        clearExpiredByTimeout: false,
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}

/** The key as counted: itself, or its SHA-256 when `<policy name>:<key>` would not fit the column. */
function storedKey(policy: RateLimitPolicy, key: string): string {
  if (policy.name.length + 1 + key.length <= KEY_COLUMN_LENGTH) return key;
  return `sha256-${createHash('sha256').update(key).digest('hex')}`;
}

function countOf(
  policy: RateLimitPolicy,
  allowed: boolean,
  result: RateLimiterRes,
): RateLimitCount {
  return {
    policy,
    allowed,
    remaining: result.remainingPoints,
    resetSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
  };
}
