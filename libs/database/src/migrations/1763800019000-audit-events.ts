import { MigrationInterface, QueryRunner } from 'typeorm';
import { APPLICATION_ROLE, ORGANIZATION_SETTING, SYSTEM_ROLE } from '../tenancy/database-roles';

const GENESIS_HASH = '0'.repeat(64);

/**
 * The access audit log (docs/AUDIT.md): `audit_event`, one hash chain per organization, which the
 * application's roles may only INSERT into and SELECT from (no UPDATE, DELETE or TRUNCATE: the
 * default privileges of the row-level-security migration are taken back), and `audit_chain_head`,
 * each organization's last sequence and hash. `append_audit_events` appends in one statement: it
 * locks the organization's head row (held to the end of the transaction, so sequences count from 1
 * with no gaps), stamps the time, and chains each entry to the one before with the hash recipe
 * computed in SQL (`audit_canonical_json` writes JSON as JSON.stringify does, keys sorted). The
 * service's verification recomputes the same recipe in TypeScript.
 */
export class AuditEvents1763800019000 implements MigrationInterface {
  name = 'AuditEvents1763800019000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audit_event (
        organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
        sequence bigint NOT NULL CHECK (sequence > 0),
        id uuid NOT NULL,
        at timestamptz NOT NULL,
        actor_type text NOT NULL CHECK (actor_type IN ('MEMBER', 'SYSTEM', 'PUBLIC')),
        actor_id uuid,
        action text NOT NULL,
        subject_type text NOT NULL,
        subject_id uuid,
        request_id text,
        client_ip text,
        details jsonb NOT NULL,
        hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
        PRIMARY KEY (organization_id, sequence),
        UNIQUE (organization_id, id)
      )`);
    // The list's orders and filters: newest first, alone or by actor, subject or action.
    await q.query(`CREATE INDEX audit_event_at_idx ON audit_event (organization_id, at, sequence)`);
    await q.query(
      `CREATE INDEX audit_event_actor_idx ON audit_event (organization_id, actor_id, at, sequence)`,
    );
    await q.query(
      `CREATE INDEX audit_event_subject_idx ON audit_event (organization_id, subject_id, at, sequence)`,
    );
    await q.query(
      `CREATE INDEX audit_event_action_idx ON audit_event (organization_id, action, at, sequence)`,
    );
    await q.query(`
      CREATE TABLE audit_chain_head (
        organization_id uuid PRIMARY KEY REFERENCES organization (id) ON DELETE CASCADE,
        last_sequence bigint NOT NULL,
        last_hash text NOT NULL
      )`);
    const own = `organization_id = nullif(current_setting('${ORGANIZATION_SETTING}', true), '')::uuid`;
    const roles = `${APPLICATION_ROLE}, ${SYSTEM_ROLE}`;
    for (const table of ['audit_event', 'audit_chain_head']) {
      await q.query(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
      await q.query(`ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`);
      await q.query(
        `CREATE POLICY tenant_isolation ON ${table} TO ${APPLICATION_ROLE} USING (${own}) WITH CHECK (${own})`,
      );
      await q.query(
        `CREATE POLICY system_access ON ${table} TO ${SYSTEM_ROLE} USING (true) WITH CHECK (true)`,
      );
      await q.query(`REVOKE ALL ON ${table} FROM ${roles}`);
    }
    await q.query(`GRANT SELECT, INSERT ON audit_event TO ${roles}`);
    await q.query(`GRANT SELECT, INSERT, UPDATE ON audit_chain_head TO ${roles}`);
    // Scalars: to_json and jsonb's text escape strings exactly as JSON.stringify does.
    await q.query(`
      CREATE FUNCTION audit_canonical_json(value jsonb) RETURNS text
      LANGUAGE sql IMMUTABLE STRICT AS $$
        SELECT CASE jsonb_typeof(value)
          WHEN 'object' THEN '{' || coalesce((
            SELECT string_agg(to_json(key)::text || ':' || audit_canonical_json(item), ','
                              ORDER BY key COLLATE "C")
              FROM jsonb_each(value) AS member (key, item)), '') || '}'
          WHEN 'array' THEN '[' || coalesce((
            SELECT string_agg(audit_canonical_json(item), ',' ORDER BY position)
              FROM jsonb_array_elements(value) WITH ORDINALITY AS element (item, position)), '') || ']'
          ELSE value::text
        END
      $$`);
    // Security invoker: row-level security admits the caller's organization only.
    await q.query(`
      CREATE FUNCTION append_audit_events(
        organization uuid, actor_types text[], actor_ids uuid[], request_ids text[],
        client_ips text[], actions text[], subject_types text[], subject_ids uuid[], details jsonb[]
      ) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        entry_sequence bigint;
        previous text;
        stamp text;
        entry_id uuid;
      BEGIN
        INSERT INTO audit_chain_head (organization_id, last_sequence, last_hash)
        VALUES (organization, 0, '${GENESIS_HASH}') ON CONFLICT (organization_id) DO NOTHING;
        SELECT head.last_sequence, head.last_hash INTO entry_sequence, previous
          FROM audit_chain_head head WHERE head.organization_id = organization FOR UPDATE;
        stamp := to_char(date_trunc('milliseconds', clock_timestamp()) AT TIME ZONE 'UTC',
                         'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
        FOR i IN 1 .. coalesce(array_length(actions, 1), 0) LOOP
          entry_sequence := entry_sequence + 1;
          entry_id := gen_random_uuid();
          previous := encode(sha256(convert_to(previous || E'\\n' ||
            '{"action":' || to_json(actions[i])::text ||
            ',"actorId":' || coalesce(to_json(actor_ids[i])::text, 'null') ||
            ',"actorType":' || to_json(actor_types[i])::text ||
            ',"at":' || to_json(stamp)::text ||
            ',"clientIp":' || coalesce(to_json(client_ips[i])::text, 'null') ||
            ',"details":' || audit_canonical_json(details[i]) ||
            ',"id":' || to_json(entry_id)::text ||
            ',"requestId":' || coalesce(to_json(request_ids[i])::text, 'null') ||
            ',"sequence":' || entry_sequence::text ||
            ',"subjectId":' || coalesce(to_json(subject_ids[i])::text, 'null') ||
            ',"subjectType":' || to_json(subject_types[i])::text || '}', 'UTF8')), 'hex');
          INSERT INTO audit_event (organization_id, sequence, id, at, actor_type, actor_id, action,
                                   subject_type, subject_id, request_id, client_ip, details, hash)
          VALUES (organization, entry_sequence, entry_id, stamp::timestamptz, actor_types[i],
                  actor_ids[i], actions[i], subject_types[i], subject_ids[i], request_ids[i],
                  client_ips[i], details[i], previous);
        END LOOP;
        UPDATE audit_chain_head SET last_sequence = entry_sequence, last_hash = previous
         WHERE organization_id = organization;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP FUNCTION append_audit_events(uuid, text[], uuid[], text[], text[], text[], text[], uuid[], jsonb[])`,
    );
    await q.query(`DROP FUNCTION audit_canonical_json(jsonb)`);
    await q.query(`DROP TABLE audit_chain_head`);
    await q.query(`DROP TABLE audit_event`);
  }
}
