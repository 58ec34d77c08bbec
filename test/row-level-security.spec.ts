import { DataSource } from 'typeorm';
import { APPLICATION_ROLE, Database, SYSTEM_ROLE } from '@app/database';
import { newTenant, Tenant, TestApp } from '@app/testing';
import { startTestApi } from '../apps/api/test/test-api';

/**
 * Row-level security as defense in depth (OWASP API1): queries that forget their
 * `WHERE organization_id`, run the way the API runs them, still reach one organization's rows only.
 */
describe('Row-level security', () => {
  let api: TestApp;
  let db: Database;
  let a: Tenant;
  let b: Tenant;
  let tenantTables: { table: string; column: string }[];

  beforeAll(async () => {
    api = await startTestApi();
    db = api.app.get(Database);
    [a, b] = [await newTenant(api), await newTenant(api)];
    tenantTables = await api.dataSource.query(
      `SELECT c.relname AS table, a.attname AS column
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
         JOIN pg_attribute a ON a.attrelid = c.oid AND NOT a.attisdropped
        WHERE c.relkind IN ('r', 'p')
          AND (a.attname = 'organization_id' OR (c.relname = 'organization' AND a.attname = 'id'))
        ORDER BY c.relname`,
    );
  });
  afterAll(() => api.close());

  /** The organizations whose rows a query sees, table by table. */
  async function visibleOrganizations(): Promise<Record<string, string[]>> {
    const seen: Record<string, string[]> = {};
    for (const { table, column } of tenantTables) {
      const rows: { organization: string }[] = await db.manager.query(
        `SELECT DISTINCT ${column} AS organization FROM ${table}`,
      );
      seen[table] = rows.map((row) => row.organization);
    }
    return seen;
  }

  it('forces a policy on every table with an organization column', async () => {
    expect(tenantTables.length).toBeGreaterThanOrEqual(17);
    const unprotected: unknown[] = await api.dataSource.query(
      `SELECT c.relname FROM pg_class c
        WHERE c.relname = ANY($1)
          AND NOT (c.relrowsecurity AND c.relforcerowsecurity
                   AND EXISTS (SELECT FROM pg_policies p
                                WHERE p.tablename = c.relname AND p.policyname = 'tenant_isolation'
                                  AND $2::name = ANY (p.roles)))`,
      [tenantTables.map(({ table }) => table), APPLICATION_ROLE],
    );
    expect(unprotected).toEqual([]);
  });

  it('connects as non-owner roles that cannot bypass row-level security', async () => {
    for (const [dataSource, role] of [
      [api.app.get(DataSource), APPLICATION_ROLE],
      [api.dataSource, SYSTEM_ROLE],
    ] as const) {
      const [session] = await dataSource.query(
        `SELECT current_user AS role, r.rolsuper AS super, r.rolbypassrls AS bypass,
                (SELECT count(*)::int FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                  WHERE n.nspname = 'public' AND pg_has_role(current_user, c.relowner, 'USAGE')) AS owned
           FROM pg_roles r WHERE r.rolname = current_user`,
      );
      expect(session).toEqual({ role, super: false, bypass: false, owned: 0 });
    }
  });

  it('lets an unscoped SELECT in an organization transaction see that organization only', async () => {
    const seen = await db.inOrganization(a.org.id, visibleOrganizations);
    for (const table of ['organization', 'member', 'partner', 'need', 'constituent']) {
      expect(seen[table]).toEqual([a.org.id]);
    }
    expect(Object.values(seen).flat()).not.toContain(b.org.id);
  });

  it('shows no tenant row to the application role without an organization', async () => {
    const unscoped = api.app.get(DataSource);
    for (const { table } of tenantTables) {
      expect(await unscoped.query(`SELECT count(*)::int AS rows FROM ${table}`)).toEqual([
        { rows: 0 },
      ]);
    }
  });

  it('refuses a query that names no organization and did not ask for the system role', () => {
    expect(() => db.manager).toThrow(/No organization in this scope/);
  });

  it('keeps the organization to its own transaction: a reused connection forgets it', async () => {
    await db.inOrganization(a.org.id, () => db.manager.query('SELECT 1'));
    const setting: { organization: string | null }[] = await api.app
      .get(DataSource)
      .query(`SELECT nullif(current_setting('app.organization_id', true), '') AS organization`);
    expect(setting).toEqual([{ organization: null }]);
  });

  it('confines an unscoped UPDATE to the organization and leaves the other untouched', async () => {
    const before = await api.dataSource.query(`SELECT updated_at FROM need WHERE id = $1`, [
      b.need.id,
    ]);
    const updated: { organization_id: string }[][] = await db.inOrganization(a.org.id, () =>
      db.manager.query(`UPDATE need SET updated_at = now() RETURNING organization_id`),
    );
    expect(new Set(updated[0].map((row) => row.organization_id))).toEqual(new Set([a.org.id]));
    expect(
      await api.dataSource.query(`SELECT updated_at FROM need WHERE id = $1`, [b.need.id]),
    ).toEqual(before);
  });

  it("refuses to write a row into another organization's table", async () => {
    const write = db.inOrganization(a.org.id, () =>
      db.manager.query(`INSERT INTO household (organization_id) VALUES ($1)`, [b.org.id]),
    );
    await expect(write).rejects.toMatchObject({
      driverError: { code: '42501', message: expect.stringContaining('row-level security') },
    });
  });

  it('runs an indexed search as the system role and returns to the application role after', async () => {
    const currentRole = async (): Promise<string> =>
      (await db.manager.query(`SELECT current_user AS role`))[0].role;
    const roles = await db.inOrganization(a.org.id, async () => {
      const during = await db.indexedSearch(() => currentRole());
      const failed = db.indexedSearch(() => Promise.reject(new Error('not found')));
      await expect(failed).rejects.toThrow('not found');
      return { during, after: await currentRole() };
    });
    expect(roles).toEqual({ during: SYSTEM_ROLE, after: APPLICATION_ROLE });
  });

  it('lets the system role, used for cross-organization work, see every organization', async () => {
    const seen = await db.asSystem(visibleOrganizations);
    expect(seen.need).toEqual(expect.arrayContaining([a.org.id, b.org.id]));
  });

  it('runs a request as the application role inside its organization’s transaction', async () => {
    // The connecting user owns the tables: only it may add the probe.
    await api.ownerQuery(`
      CREATE TABLE need_write_session (role text, organization text);
      GRANT INSERT, SELECT ON need_write_session TO ${APPLICATION_ROLE};
      CREATE FUNCTION record_need_write_session() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO need_write_session
            VALUES (current_user, current_setting('app.organization_id', true));
          RETURN NEW;
        END $$;
      CREATE TRIGGER need_write_session AFTER INSERT ON need
        FOR EACH ROW EXECUTE FUNCTION record_need_write_session()`);
    try {
      await api.http.post('/api/needs').set(b.auth).send({ description: 'Rent' }).expect(201);
      expect(await api.ownerQuery(`SELECT * FROM need_write_session`)).toEqual([
        { role: APPLICATION_ROLE, organization: b.org.id },
      ]);
    } finally {
      await api.ownerQuery(`
        DROP TRIGGER need_write_session ON need;
        DROP FUNCTION record_need_write_session();
        DROP TABLE need_write_session`);
    }
  });
});
