import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Interactions (every email and SMS of a need's constituent), the SMS cap counters and the
 * telephony detail records of the SMS provider.
 */
export class Messaging1763800005000 implements MigrationInterface {
  name = 'Messaging1763800005000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE interaction (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
        need_id uuid,
        constituent_id uuid NOT NULL,
        channel text NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
        direction text NOT NULL CHECK (direction IN ('OUTBOUND', 'INBOUND')),
        subject text,
        body text NOT NULL,
        status text NOT NULL
          CHECK (status IN ('QUEUED', 'SCHEDULED', 'SENT', 'DELIVERED', 'FAILED')),
        provider_message_id text,
        error text,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        scheduled_for timestamptz,
        attempts int NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        dispatching_since timestamptz,
        UNIQUE (organization_id, id),
        UNIQUE (organization_id, provider_message_id),
        FOREIGN KEY (organization_id, need_id) REFERENCES need (organization_id, id),
        FOREIGN KEY (organization_id, constituent_id) REFERENCES constituent (organization_id, id),
        FOREIGN KEY (organization_id, created_by) REFERENCES member (organization_id, id),
        CHECK (status <> 'SCHEDULED' OR scheduled_for IS NOT NULL)
      )`);
    await q.query(
      `CREATE INDEX interaction_need_idx ON interaction (organization_id, need_id, created_at DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX interaction_constituent_idx ON interaction (organization_id, constituent_id)`,
    );
    await q.query(`
      CREATE TABLE sms_usage (
        organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
        period text NOT NULL CHECK (period IN ('day', 'month')),
        period_key text NOT NULL,
        used int NOT NULL CHECK (used >= 0),
        PRIMARY KEY (organization_id, period, period_key)
      )`);
    await q.query(`
      CREATE TABLE telephony_detail_record (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
        interaction_id uuid,
        provider_event_id text,
        provider_message_id text,
        direction text NOT NULL CHECK (direction IN ('inbound', 'outbound')),
        cli text NOT NULL,
        cld text NOT NULL,
        message_type text,
        status text NOT NULL,
        delivery_status text,
        carrier text,
        carrier_fee text,
        rate text,
        cost text NOT NULL,
        currency text,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        UNIQUE (organization_id, id),
        UNIQUE (organization_id, provider_event_id),
        FOREIGN KEY (organization_id, interaction_id) REFERENCES interaction (organization_id, id)
      )`);
    await q.query(
      `CREATE INDEX telephony_detail_record_list_idx
         ON telephony_detail_record (organization_id, created_at DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX telephony_detail_record_direction_idx
         ON telephony_detail_record (organization_id, direction, created_at DESC, id DESC)`,
    );
    await q.query(
      `CREATE UNIQUE INDEX organization_phone_number_key ON organization (phone_number)
         WHERE phone_number IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX organization_phone_number_key`);
    await q.query(`DROP TABLE telephony_detail_record`);
    await q.query(`DROP TABLE sms_usage`);
    await q.query(`DROP TABLE interaction`);
  }
}
