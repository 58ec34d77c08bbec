import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A running request now holds its Idempotency-Key with a transaction-level advisory lock, so the
 * table keeps finished responses only: claims left behind by earlier versions go.
 */
export class IdempotencyResponses1763800006500 implements MigrationInterface {
  name = 'IdempotencyResponses1763800006500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM idempotency_key WHERE status = 'in_progress'`);
    await q.query(`ALTER TABLE idempotency_key DROP COLUMN status`);
    await q.query(`
      ALTER TABLE idempotency_key
        ALTER COLUMN response_status SET NOT NULL,
        ALTER COLUMN response_body SET NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE idempotency_key
        ALTER COLUMN response_status DROP NOT NULL,
        ALTER COLUMN response_body DROP NOT NULL`);
    await q.query(`
      ALTER TABLE idempotency_key
        ADD COLUMN status text NOT NULL DEFAULT 'done' CHECK (status IN ('in_progress', 'done')),
        ADD CHECK (status = 'in_progress' OR response_status IS NOT NULL)`);
    await q.query(`ALTER TABLE idempotency_key ALTER COLUMN status SET DEFAULT 'in_progress'`);
  }
}
