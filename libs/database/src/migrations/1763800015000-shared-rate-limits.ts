import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rate limit counters shared by every API process, in rate-limiter-flexible's PostgreSQL layout:
 * one row per policy and key (`public-ip:203.0.113.9`), its points in the current window and when
 * that window ends (epoch milliseconds). Not tenant data: counted before any organization is known.
 * They replace the login_failure rows (one per failure, counted by a separate read).
 */
export class SharedRateLimits1763800015000 implements MigrationInterface {
  name = 'SharedRateLimits1763800015000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rate_limit (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      )`);
    await q.query(`CREATE INDEX rate_limit_expire_idx ON rate_limit (expire)`);
    await q.query(`DROP TABLE login_failure`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE login_failure (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        scope_key text NOT NULL,
        failed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX login_failure_scope_idx ON login_failure (scope_key, failed_at)`);
    await q.query(`DROP TABLE rate_limit`);
  }
}
