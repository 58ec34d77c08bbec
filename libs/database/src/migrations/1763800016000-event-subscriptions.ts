import { MigrationInterface, QueryRunner } from 'typeorm';
import { APPLICATION_ROLE, ORGANIZATION_SETTING, SYSTEM_ROLE } from '../tenancy/database-roles';

const TABLES = ['webhook_subscription', 'webhook_event', 'webhook_delivery'];

/**
 * Outbound events: an organization's subscriptions (the signing secret stored encrypted), the
 * events (an outbox written in the transaction of the change) and one delivery per event and
 * subscription, which the worker sends and retries. `emit_webhook_event` writes an event and its
 * deliveries in one statement, only when an active subscription of the organization wants it; a
 * trigger emits `need.created` with the need's INSERT itself, so intake runs no extra statement.
 */
export class EventSubscriptions1763800016000 implements MigrationInterface {
  name = 'EventSubscriptions1763800016000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_subscription (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
        url text NOT NULL,
        events text[] NOT NULL,
        description text,
        is_active boolean NOT NULL DEFAULT true,
        secret_ciphertext bytea NOT NULL,
        secret_key_id text NOT NULL,
        failing_since timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, id)
      )`);
    await q.query(
      `CREATE INDEX webhook_subscription_org_idx ON webhook_subscription (organization_id, created_at)`,
    );
    await q.query(`
      CREATE TABLE webhook_event (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
        type text NOT NULL,
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, id)
      )`);
    await q.query(
      `CREATE INDEX webhook_event_org_idx ON webhook_event (organization_id, created_at)`,
    );
    await q.query(`
      CREATE TABLE webhook_delivery (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
        event_id uuid NOT NULL,
        subscription_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
        attempts integer NOT NULL DEFAULT 0,
        response_status integer,
        last_error text,
        next_attempt_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz,
        UNIQUE (organization_id, id),
        UNIQUE (subscription_id, event_id),
        FOREIGN KEY (organization_id, event_id)
          REFERENCES webhook_event (organization_id, id) ON DELETE CASCADE,
        FOREIGN KEY (organization_id, subscription_id)
          REFERENCES webhook_subscription (organization_id, id) ON DELETE CASCADE
      )`);
    await q.query(
      `CREATE INDEX webhook_delivery_list_idx
         ON webhook_delivery (organization_id, subscription_id, created_at DESC, id DESC)`,
    );
    await q.query(`CREATE INDEX webhook_delivery_event_idx ON webhook_delivery (event_id)`);
    await q.query(
      `CREATE INDEX webhook_delivery_due_idx ON webhook_delivery (next_attempt_at)
         WHERE status = 'PENDING'`,
    );
    const own = `organization_id = nullif(current_setting('${ORGANIZATION_SETTING}', true), '')::uuid`;
    for (const table of TABLES) {
      await q.query(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
      await q.query(`ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`);
      await q.query(
        `CREATE POLICY tenant_isolation ON ${table} TO ${APPLICATION_ROLE} USING (${own}) WITH CHECK (${own})`,
      );
      await q.query(
        `CREATE POLICY system_access ON ${table} TO ${SYSTEM_ROLE} USING (true) WITH CHECK (true)`,
      );
    }
    // Security invoker: row-level security admits the caller's organization only.
    await q.query(`
      CREATE FUNCTION emit_webhook_event(organization uuid, event_type text, event_data jsonb)
      RETURNS void LANGUAGE sql AS $$
        WITH subscriber AS (
          SELECT id FROM webhook_subscription
           WHERE organization_id = organization AND is_active AND event_type = ANY (events)
        ), event AS (
          INSERT INTO webhook_event (organization_id, type, data)
          SELECT organization, event_type,
                 event_data || jsonb_build_object('organizationId', organization)
           WHERE EXISTS (SELECT 1 FROM subscriber)
          RETURNING id
        )
        INSERT INTO webhook_delivery (organization_id, event_id, subscription_id, next_attempt_at)
        SELECT organization, event.id, subscriber.id, now() FROM event, subscriber
      $$`);
    await q.query(`
      CREATE FUNCTION emit_need_created() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM emit_webhook_event(NEW.organization_id, 'need.created', jsonb_build_object(
          'needId', NEW.id, 'partnerId', NEW.partner_id, 'status', NEW.status,
          'isConfidential', NEW.is_confidential,
          'createdAt', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')));
        RETURN NULL;
      END $$`);
    await q.query(
      `CREATE TRIGGER need_created_event AFTER INSERT ON need
         FOR EACH ROW EXECUTE FUNCTION emit_need_created()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER need_created_event ON need`);
    await q.query(`DROP FUNCTION emit_need_created()`);
    await q.query(`DROP FUNCTION emit_webhook_event(uuid, text, jsonb)`);
    for (const table of [...TABLES].reverse()) await q.query(`DROP TABLE ${table}`);
  }
}
