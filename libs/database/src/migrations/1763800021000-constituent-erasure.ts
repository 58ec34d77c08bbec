import { MigrationInterface, QueryRunner } from 'typeorm';
import { APPLICATION_ROLE, SYSTEM_ROLE } from '../tenancy/database-roles';

/**
 * Erasure (docs/ERASURE.md): a constituent gains `erased_at` (an erased one is alone in a household
 * of its own, and its records show no household). Erasure clears the free-text note of its consent records, the one
 * change to them the application roles may make besides a merge's re-pointing. Setting `erased_at`
 * emits `constituent.erased`.
 */
export class ConstituentErasure1763800021000 implements MigrationInterface {
  name = 'ConstituentErasure1763800021000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE constituent ADD COLUMN erased_at timestamptz`);
    await q.query(
      `GRANT UPDATE (note) ON constituent_consent TO ${APPLICATION_ROLE}, ${SYSTEM_ROLE}`,
    );
    await q.query(`
      CREATE FUNCTION emit_constituent_erased() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM emit_webhook_event(NEW.organization_id, 'constituent.erased',
          jsonb_build_object('constituentId', NEW.id));
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER constituent_erased_event AFTER UPDATE OF erased_at ON constituent
        FOR EACH ROW WHEN (OLD.erased_at IS NULL AND NEW.erased_at IS NOT NULL
                           AND NEW.merged_into_id IS NULL)
        EXECUTE FUNCTION emit_constituent_erased()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER constituent_erased_event ON constituent`);
    await q.query(`DROP FUNCTION emit_constituent_erased()`);
    await q.query(
      `REVOKE UPDATE (note) ON constituent_consent FROM ${APPLICATION_ROLE}, ${SYSTEM_ROLE}`,
    );
    await q.query(`ALTER TABLE constituent DROP COLUMN erased_at`);
  }
}
