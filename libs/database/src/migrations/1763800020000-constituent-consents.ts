import { MigrationInterface, QueryRunner } from 'typeorm';
import { APPLICATION_ROLE, ORGANIZATION_SETTING, SYSTEM_ROLE } from '../tenancy/database-roles';

const ROLES = `${APPLICATION_ROLE}, ${SYSTEM_ROLE}`;

/**
 * Consent records (docs/CONSENT.md): append-only, one row per consent given or withdrawn. The
 * application roles may insert and read them, never change or delete them; the one exception is
 * the column a merge re-points (constituent_id, the application role only), so a merged person's
 * records follow them. `current_constituent_consent` is each constituent's newest record of each
 * purpose, a grant past its expiry reading as not granted: the statement of that rule, read by the
 * records' `consents`, the sends and the survey. Partner members' searches read instead
 * `constituent.shared_with_partners_until`, which a trigger keeps in each change's transaction (the
 * end of the current SHARE_WITH_PARTNERS grant, 'infinity' for none, null without a grant): with its
 * partial index, listing the newest shared constituents walks only those with a grant, however few
 * have given one. Each record emits `constituent.consent_changed`. Organizations gain
 * `require_sharing_consent`.
 */
export class ConstituentConsents1763800020000 implements MigrationInterface {
  name = 'ConstituentConsents1763800020000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE constituent_consent (
        organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        constituent_id uuid NOT NULL,
        purpose text NOT NULL
          CHECK (purpose IN ('SHARE_WITH_PARTNERS', 'CONTACT_SMS', 'CONTACT_EMAIL', 'SURVEY')),
        granted boolean NOT NULL,
        method text NOT NULL CHECK (method IN ('VERBAL', 'WRITTEN', 'ELECTRONIC', 'PUBLIC_FORM')),
        note text CHECK (char_length(note) BETWEEN 1 AND 500),
        recorded_by uuid,
        recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        expires_at timestamptz,
        PRIMARY KEY (organization_id, id),
        FOREIGN KEY (organization_id, constituent_id) REFERENCES constituent (organization_id, id),
        FOREIGN KEY (organization_id, recorded_by) REFERENCES member (organization_id, id)
      )`);
    // The history of one constituent, newest first (and the keyset pages of it).
    await q.query(
      `CREATE INDEX constituent_consent_history_idx
         ON constituent_consent (organization_id, constituent_id, recorded_at DESC, id DESC)`,
    );
    // The newest record of each purpose.
    await q.query(
      `CREATE INDEX constituent_consent_current_idx
         ON constituent_consent (organization_id, constituent_id, purpose, recorded_at DESC, id DESC)`,
    );
    const own = `organization_id = nullif(current_setting('${ORGANIZATION_SETTING}', true), '')::uuid`;
    await q.query(`ALTER TABLE constituent_consent ENABLE ROW LEVEL SECURITY`);
    await q.query(`ALTER TABLE constituent_consent FORCE ROW LEVEL SECURITY`);
    await q.query(
      `CREATE POLICY tenant_isolation ON constituent_consent TO ${APPLICATION_ROLE} USING (${own}) WITH CHECK (${own})`,
    );
    await q.query(
      `CREATE POLICY system_access ON constituent_consent TO ${SYSTEM_ROLE} USING (true) WITH CHECK (true)`,
    );
    await q.query(`REVOKE ALL ON constituent_consent FROM ${ROLES}`);
    await q.query(`GRANT SELECT, INSERT ON constituent_consent TO ${ROLES}`);
    await q.query(`GRANT UPDATE (constituent_id) ON constituent_consent TO ${APPLICATION_ROLE}`);
    // Security invoker: the caller's row-level security applies to the rows it reads.
    await q.query(`
      CREATE VIEW current_constituent_consent WITH (security_invoker = true) AS
        SELECT DISTINCT ON (organization_id, constituent_id, purpose)
               organization_id, constituent_id, purpose,
               granted AND (expires_at IS NULL OR expires_at > now()) AS granted,
               recorded_at, expires_at
          FROM constituent_consent
         ORDER BY organization_id, constituent_id, purpose, recorded_at DESC, id DESC`);
    await q.query(`REVOKE ALL ON current_constituent_consent FROM ${ROLES}`);
    await q.query(`GRANT SELECT ON current_constituent_consent TO ${ROLES}`);
    await q.query(`ALTER TABLE constituent ADD COLUMN shared_with_partners_until timestamptz`);
    await q.query(
      `CREATE INDEX constituent_shared_recent_idx ON constituent (organization_id, created_at DESC, id DESC)
         WHERE shared_with_partners_until IS NOT NULL AND merged_into_id IS NULL`,
    );
    // The constituents whose SHARE_WITH_PARTNERS records were added or moved (by a merge or its undo).
    await q.query(`
      CREATE FUNCTION refresh_constituent_sharing() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE constituent c SET shared_with_partners_until = (
            SELECT CASE WHEN newest.granted THEN coalesce(newest.expires_at, 'infinity') END
              FROM current_constituent_consent newest
             WHERE newest.organization_id = c.organization_id AND newest.constituent_id = c.id
               AND newest.purpose = 'SHARE_WITH_PARTNERS')
         WHERE c.organization_id = NEW.organization_id
           AND c.id IN (NEW.constituent_id, CASE WHEN TG_OP = 'UPDATE' THEN OLD.constituent_id END);
        RETURN NULL;
      END $$`);
    await q.query(
      `CREATE TRIGGER constituent_consent_sharing AFTER INSERT OR UPDATE OF constituent_id
         ON constituent_consent FOR EACH ROW WHEN (NEW.purpose = 'SHARE_WITH_PARTNERS')
         EXECUTE FUNCTION refresh_constituent_sharing()`,
    );
    await q.query(`
      CREATE FUNCTION emit_constituent_consent_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM emit_webhook_event(NEW.organization_id, 'constituent.consent_changed',
          jsonb_build_object('constituentId', NEW.constituent_id, 'purpose', NEW.purpose,
            'granted', NEW.granted));
        RETURN NULL;
      END $$`);
    await q.query(
      `CREATE TRIGGER constituent_consent_changed_event AFTER INSERT ON constituent_consent
         FOR EACH ROW EXECUTE FUNCTION emit_constituent_consent_changed()`,
    );
    await q.query(
      `ALTER TABLE organization ADD COLUMN require_sharing_consent boolean NOT NULL DEFAULT false`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE organization DROP COLUMN require_sharing_consent`);
    await q.query(`DROP TRIGGER constituent_consent_changed_event ON constituent_consent`);
    await q.query(`DROP FUNCTION emit_constituent_consent_changed()`);
    await q.query(`DROP TRIGGER constituent_consent_sharing ON constituent_consent`);
    await q.query(`DROP FUNCTION refresh_constituent_sharing()`);
    await q.query(`ALTER TABLE constituent DROP COLUMN shared_with_partners_until`);
    await q.query(`DROP VIEW current_constituent_consent`);
    await q.query(`DROP TABLE constituent_consent`);
  }
}
