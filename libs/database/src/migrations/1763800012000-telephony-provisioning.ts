import { MigrationInterface, QueryRunner } from 'typeorm';
import { APPLICATION_ROLE, ORGANIZATION_SETTING, SYSTEM_ROLE } from '../tenancy/database-roles';

const TABLES = ['telephony_provisioning', 'telephony_provisioning_step'];

/**
 * One provisioning run per organization and its five steps. A step keeps what it created at the
 * provider (`provider_id`, `progress`) as soon as it learns it, so a re-run finds it instead of
 * creating it again; `lease_until` lets one worker at a time advance an organization's run.
 */
export class TelephonyProvisioning1763800012000 implements MigrationInterface {
  name = 'TelephonyProvisioning1763800012000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE telephony_provisioning (
        organization_id uuid PRIMARY KEY REFERENCES organization (id) ON DELETE CASCADE,
        existing_phone_number text,
        started_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        next_run_at timestamptz,
        lease_until timestamptz
      )`);
    await q.query(`
      CREATE TABLE telephony_provisioning_step (
        organization_id uuid NOT NULL
          REFERENCES telephony_provisioning (organization_id) ON DELETE CASCADE,
        name text NOT NULL CHECK (name IN
          ('messaging_profile', 'phone_number', 'brand', 'campaign', 'campaign_number')),
        position int NOT NULL,
        status text NOT NULL DEFAULT 'PENDING'
          CHECK (status IN ('PENDING', 'RUNNING', 'WAITING', 'DONE', 'FAILED')),
        attempts int NOT NULL DEFAULT 0,
        provider_id text,
        progress jsonb NOT NULL DEFAULT '{}',
        error text,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (organization_id, name)
      )`);
    await q.query(
      `CREATE INDEX telephony_provisioning_step_provider_id ON telephony_provisioning_step (provider_id)
        WHERE provider_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX telephony_provisioning_due ON telephony_provisioning (next_run_at)
        WHERE completed_at IS NULL`,
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
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE telephony_provisioning_step`);
    await q.query(`DROP TABLE telephony_provisioning`);
  }
}
