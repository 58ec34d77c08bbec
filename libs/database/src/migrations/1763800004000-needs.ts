import { MigrationInterface, QueryRunner } from 'typeorm';

export class Needs1763800004000 implements MigrationInterface {
  name = 'Needs1763800004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE need (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
        partner_id uuid NOT NULL,
        constituent_id uuid,
        household_id uuid,
        parent_need_id uuid,
        status text NOT NULL DEFAULT 'NEW' CHECK (status IN
          ('NEW', 'ACCEPTED', 'IN_PROGRESS', 'ON_HOLD', 'RESOLVED', 'DECLINED', 'CANCELLED')),
        description text NOT NULL,
        custom_fields jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(custom_fields) = 'object'),
        is_confidential boolean NOT NULL DEFAULT false,
        assigned_to uuid,
        created_by uuid,
        reference_number text NOT NULL,
        survey_token uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
        duplicate_warning text,
        sla_hours int NOT NULL CHECK (sla_hours >= 0),
        due_date timestamptz,
        sla_paused_at timestamptz,
        sla_remaining_seconds int CHECK (sla_remaining_seconds >= 0),
        outcome text CHECK (outcome IN ('MET', 'NOT_MET')),
        reason text,
        resolved_at timestamptz,
        escalated_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, id),
        UNIQUE (organization_id, reference_number),
        CHECK (parent_need_id <> id),
        CHECK ((status = 'RESOLVED') = (outcome IS NOT NULL AND resolved_at IS NOT NULL)),
        CHECK ((status = 'ON_HOLD') = (sla_paused_at IS NOT NULL)),
        FOREIGN KEY (organization_id, partner_id) REFERENCES partner (organization_id, id),
        FOREIGN KEY (organization_id, constituent_id) REFERENCES constituent (organization_id, id),
        FOREIGN KEY (organization_id, household_id) REFERENCES household (organization_id, id),
        FOREIGN KEY (organization_id, parent_need_id) REFERENCES need (organization_id, id),
        FOREIGN KEY (organization_id, assigned_to) REFERENCES member (organization_id, id),
        FOREIGN KEY (organization_id, created_by) REFERENCES member (organization_id, id)
      )`);
    // The keyset order (newest first, read backwards) for the whole organization, each row scope and
    // each filter. Ascending, so new rows append at the end of their group instead of splitting pages.
    for (const statement of [
      `CREATE INDEX need_list_idx ON need (organization_id, created_at, id)`,
      `CREATE INDEX need_list_partner_idx ON need (organization_id, partner_id, created_at, id)`,
      `CREATE INDEX need_list_status_idx ON need (organization_id, status, created_at, id)`,
      `CREATE INDEX need_list_assignee_idx ON need (organization_id, assigned_to, created_at, id)
         WHERE assigned_to IS NOT NULL`,
      `CREATE INDEX need_list_creator_idx ON need (organization_id, created_by, created_at, id)
         WHERE created_by IS NOT NULL`,
      `CREATE INDEX need_list_constituent_idx ON need (organization_id, constituent_id, created_at, id)
         WHERE constituent_id IS NOT NULL`,
      `CREATE INDEX need_list_household_idx ON need (organization_id, household_id, created_at, id)
         WHERE household_id IS NOT NULL`,
    ]) {
      await q.query(statement);
    }
    await q.query(`CREATE INDEX need_parent_idx ON need (organization_id, parent_need_id)
                     WHERE parent_need_id IS NOT NULL`);
    await q.query(
      `CREATE INDEX need_description_search_idx ON need USING gin (to_tsvector('simple', description))`,
    );
    await q.query(`CREATE INDEX need_escalation_due_idx ON need (due_date)
                     WHERE status = 'NEW' AND escalated_at IS NULL`);
    await q.query(`
      CREATE TABLE need_history (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigint GENERATED ALWAYS AS IDENTITY,
        organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
        need_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('STATUS', 'REROUTE', 'ESCALATION', 'ASSIGNMENT')),
        at timestamptz NOT NULL DEFAULT now(),
        actor_id uuid,
        from_status text,
        to_status text,
        from_partner_id uuid,
        to_partner_id uuid,
        reason text,
        outcome text,
        UNIQUE (organization_id, id),
        FOREIGN KEY (organization_id, need_id) REFERENCES need (organization_id, id) ON DELETE CASCADE,
        FOREIGN KEY (organization_id, actor_id) REFERENCES member (organization_id, id),
        FOREIGN KEY (organization_id, from_partner_id) REFERENCES partner (organization_id, id),
        FOREIGN KEY (organization_id, to_partner_id) REFERENCES partner (organization_id, id)
      )`);
    await q.query(
      `CREATE INDEX need_history_need_idx ON need_history (organization_id, need_id, seq)`,
    );
    await q.query(`
      CREATE TABLE idempotency_key (
        organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
        endpoint text NOT NULL,
        key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
        request_hash bytea NOT NULL,
        status text NOT NULL DEFAULT 'in_progress' CHECK (status IN ('in_progress', 'done')),
        response_status int,
        response_body jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (organization_id, endpoint, key),
        CHECK (status = 'in_progress' OR response_status IS NOT NULL)
      )`);
    await q.query(`CREATE INDEX idempotency_key_created_idx ON idempotency_key (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE idempotency_key`);
    await q.query(`DROP TABLE need_history`);
    await q.query(`DROP TABLE need`);
  }
}
