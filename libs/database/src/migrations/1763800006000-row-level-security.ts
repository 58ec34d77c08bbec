import { MigrationInterface, QueryRunner } from 'typeorm';
import { APPLICATION_ROLE, ORGANIZATION_SETTING, SYSTEM_ROLE } from '../tenancy/database-roles';

/** Every tenant table and the column naming its organization. */
const TENANT_TABLES: Record<string, string> = {
  organization: 'id',
  member: 'organization_id',
  refresh_token: 'organization_id',
  member_invitation: 'organization_id',
  organization_email_settings: 'organization_id',
  partner: 'organization_id',
  volunteer_shift: 'organization_id',
  household: 'organization_id',
  constituent: 'organization_id',
  household_match: 'organization_id',
  merge_audit: 'organization_id',
  need: 'organization_id',
  need_history: 'organization_id',
  idempotency_key: 'organization_id',
  interaction: 'organization_id',
  sms_usage: 'organization_id',
  telephony_detail_record: 'organization_id',
};

/** Tables pg-boss creates later, in its own schema, are granted as they appear. */
const SCHEMAS = ['public', 'pgboss'];

/**
 * Row-level security as defense in depth: a query that forgets its `WHERE organization_id` still
 * cannot reach another organization's rows. FORCE makes the policies bind the tables' owner too.
 */
export class RowLevelSecurity1763800006000 implements MigrationInterface {
  name = 'RowLevelSecurity1763800006000';

  async up(q: QueryRunner): Promise<void> {
    for (const role of [APPLICATION_ROLE, SYSTEM_ROLE]) {
      await q.query(`
        DO $$ BEGIN
          IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${role}') THEN
            CREATE ROLE ${role} NOLOGIN NOBYPASSRLS;
          END IF;
          IF NOT pg_has_role(current_user, '${role}', 'MEMBER') THEN
            EXECUTE format('GRANT ${role} TO %I', current_user);
          END IF;
        END $$`);
    }
    const roles = `${APPLICATION_ROLE}, ${SYSTEM_ROLE}`;
    await q.query(`CREATE SCHEMA IF NOT EXISTS pgboss`);
    for (const schema of SCHEMAS) {
      await q.query(`GRANT USAGE ON SCHEMA ${schema} TO ${roles}`);
      await q.query(
        `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${roles}`,
      );
      await q.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schema} TO ${roles}`);
      await q.query(
        `ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${roles}`,
      );
      await q.query(
        `ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT USAGE, SELECT ON SEQUENCES TO ${roles}`,
      );
    }
    for (const [table, column] of Object.entries(TENANT_TABLES)) {
      await q.query(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
      await q.query(`ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`);
      const own = `${column} = nullif(current_setting('${ORGANIZATION_SETTING}', true), '')::uuid`;
      await q.query(
        `CREATE POLICY tenant_isolation ON ${table} TO ${APPLICATION_ROLE} USING (${own}) WITH CHECK (${own})`,
      );
      await q.query(
        `CREATE POLICY system_access ON ${table} TO ${SYSTEM_ROLE} USING (true) WITH CHECK (true)`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of Object.keys(TENANT_TABLES)) {
      await q.query(`DROP POLICY system_access ON ${table}`);
      await q.query(`DROP POLICY tenant_isolation ON ${table}`);
      await q.query(`ALTER TABLE ${table} NO FORCE ROW LEVEL SECURITY`);
      await q.query(`ALTER TABLE ${table} DISABLE ROW LEVEL SECURITY`);
    }
    const roles = `${APPLICATION_ROLE}, ${SYSTEM_ROLE}`;
    for (const schema of SCHEMAS) {
      await q.query(
        `ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} REVOKE ALL ON SEQUENCES FROM ${roles}`,
      );
      await q.query(
        `ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} REVOKE ALL ON TABLES FROM ${roles}`,
      );
      await q.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA ${schema} FROM ${roles}`);
      await q.query(`REVOKE ALL ON ALL TABLES IN SCHEMA ${schema} FROM ${roles}`);
      await q.query(`REVOKE USAGE ON SCHEMA ${schema} FROM ${roles}`);
    }
  }
}
