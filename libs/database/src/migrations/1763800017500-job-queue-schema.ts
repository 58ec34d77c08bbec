import { getConstructionPlans } from 'pg-boss';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** The schema pg-boss keeps its jobs in (its default; JobQueue uses the same). */
const JOB_SCHEMA = 'pgboss';

/**
 * pg-boss's tables, created by the owner like every other table, so that the runtime role needs no
 * right to create anything (JobQueue starts pg-boss with `migrate: false`). Before, pg-boss created
 * them itself on the API's first start; a database where it did already has them and is left as
 * it is. pg-boss's plan is its own transaction (it takes an advisory lock first), hence none here.
 * A pg-boss upgrade that changes its schema version needs a migration running its
 * `getMigrationPlans` (JobQueue refuses to start on an older schema).
 */
export class JobQueueSchema1763800017500 implements MigrationInterface {
  transaction = false as const;

  async up(q: QueryRunner): Promise<void> {
    const [{ installed }] = (await q.query(
      `SELECT to_regclass('${JOB_SCHEMA}.version') IS NOT NULL AS installed`,
    )) as { installed: boolean }[];
    if (!installed) await q.query(getConstructionPlans(JOB_SCHEMA));
  }

  /** Keeps the tables: the code before this migration runs on them as they are (it made them). */
  async down(): Promise<void> {}
}
