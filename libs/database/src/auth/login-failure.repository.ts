import { Injectable } from '@nestjs/common';
import { SystemDatabase } from '../tenancy/system-database';

export interface FailureWindow {
  count: number;
  /** Seconds until the oldest failure in the window leaves it. */
  resetsInSeconds: number;
}

/**
 * Failed logins per scope (an email or a client IP), counted over a sliding window. Not tenant data:
 * the table has no organization (a login fails before one is known), so every query runs as the
 * system role.
 */
@Injectable()
export class LoginFailureRepository {
  constructor(private readonly system: SystemDatabase) {}

  async record(scopeKeys: string[]): Promise<void> {
    await this.system.manager.query(
      `INSERT INTO login_failure (scope_key) SELECT unnest($1::text[])`,
      [scopeKeys],
    );
  }

  async window(scopeKey: string, windowSeconds: number): Promise<FailureWindow> {
    const [row] = await this.system.manager.query(
      `SELECT count(*)::int AS count,
              ceil(extract(epoch FROM min(failed_at) + make_interval(secs => $2) - now()))::int AS resets
         FROM login_failure
        WHERE scope_key = $1 AND failed_at > now() - make_interval(secs => $2)`,
      [scopeKey, windowSeconds],
    );
    return { count: row.count, resetsInSeconds: Math.max(1, row.resets ?? 1) };
  }

  async clear(scopeKey: string): Promise<void> {
    await this.system.manager.query(`DELETE FROM login_failure WHERE scope_key = $1`, [scopeKey]);
  }

  async deleteOlderThan(seconds: number): Promise<void> {
    await this.system.manager.query(
      `DELETE FROM login_failure WHERE failed_at < now() - make_interval(secs => $1)`,
      [seconds],
    );
  }
}
