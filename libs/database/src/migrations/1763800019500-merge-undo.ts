import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Merges that can be undone. Each merge record keeps the ids of the rows it moved, by kind
 * (`moved_ids`; NULL on merges recorded before this migration, which cannot be undone) and the
 * target's fields it overrode with their values before and after (`overridden`), and says who
 * undid it and when. An undone merge's pair is never suggested again: `household_match` inserts
 * look it up through `merge_audit_undone_pair_idx`. Clearing a constituent's `merged_into_id` (an
 * undo) emits `constituent.unmerged`.
 */
export class MergeUndo1763800019500 implements MigrationInterface {
  name = 'MergeUndo1763800019500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE merge_audit
        ADD COLUMN moved_ids jsonb,
        ADD COLUMN overridden jsonb NOT NULL DEFAULT '{}',
        ADD COLUMN undone_by uuid,
        ADD COLUMN undone_at timestamptz,
        ADD FOREIGN KEY (organization_id, undone_by) REFERENCES member (organization_id, id),
        ADD CHECK ((undone_by IS NULL) = (undone_at IS NULL))`);
    await q.query(`
      CREATE INDEX merge_audit_undone_pair_idx ON merge_audit (
        organization_id,
        least(source_constituent_id, target_constituent_id),
        greatest(source_constituent_id, target_constituent_id)
      ) WHERE undone_at IS NOT NULL`);
    await q.query(`
      CREATE FUNCTION emit_constituent_unmerged() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM emit_webhook_event(NEW.organization_id, 'constituent.unmerged', jsonb_build_object(
          'sourceConstituentId', NEW.id, 'targetConstituentId', OLD.merged_into_id));
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER constituent_unmerged_event AFTER UPDATE OF merged_into_id ON constituent
        FOR EACH ROW WHEN (OLD.merged_into_id IS NOT NULL AND NEW.merged_into_id IS NULL)
        EXECUTE FUNCTION emit_constituent_unmerged()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER constituent_unmerged_event ON constituent`);
    await q.query(`DROP FUNCTION emit_constituent_unmerged()`);
    await q.query(`DROP INDEX merge_audit_undone_pair_idx`);
    await q.query(`
      ALTER TABLE merge_audit
        DROP COLUMN undone_at,
        DROP COLUMN undone_by,
        DROP COLUMN overridden,
        DROP COLUMN moved_ids`);
  }
}
