import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Routes that call an outside service between two transactions (the email send) hold their
 * Idempotency-Key with a committed row whose response is still null; every stored response keeps
 * its Location header for the replay.
 */
export class DurableIdempotencyClaims1763800007000 implements MigrationInterface {
  name = 'DurableIdempotencyClaims1763800007000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE idempotency_key
        ALTER COLUMN response_status DROP NOT NULL,
        ALTER COLUMN response_body DROP NOT NULL,
        ADD COLUMN response_location text,
        ADD CHECK ((response_status IS NULL) = (response_body IS NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM idempotency_key WHERE response_status IS NULL`);
    await q.query(`
      ALTER TABLE idempotency_key
        DROP COLUMN response_location,
        ALTER COLUMN response_status SET NOT NULL,
        ALTER COLUMN response_body SET NOT NULL`);
  }
}
