import { MigrationInterface, QueryRunner } from 'typeorm';

/** The hourly purge finds events past their retention by age, across organizations. */
export class EventRetention1763800016500 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX webhook_event_created_idx ON webhook_event (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX webhook_event_created_idx`);
  }
}
