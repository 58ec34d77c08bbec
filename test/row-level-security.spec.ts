import { Client } from 'pg';
import { DataSource } from 'typeorm';
import {
  APPLICATION_ROLE,
  assertNoOpenTransaction,
  organizationId,
  SYSTEM_ROLE,
  SystemDatabase,
  TenantContext,
} from '@app/database';
import { newTenant, Tenant, TestApp } from '@app/testing';
import { startTestApi } from '../apps/api/test/test-api';

/**
 * Row-level security as defense in depth (OWASP API1): queries that forget their
 * `WHERE organization_id`, run the way the API runs them, still reach one organization's rows only.
 */
describe('Row-level security', () => {
  let api: TestApp;
  let tenant: TenantContext;
  let system: SystemDatabase;
  let a: Tenant;
  let b: Tenant;
  let tenantTables: { table: string; column: string }[];

  beforeAll(async () => {
    api = await startTestApi();
    tenant = api.app.get(TenantContext);
    system = api.app.get(SystemDatabase);
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

  const inA = <T>(work: () => Promise<T>): Promise<T> => tenant.run(organizationId(a.org.id), work);
  const inB = <T>(work: () => Promise<T>): Promise<T> => tenant.run(organizationId(b.org.id), work);

  /** The organizations whose rows a query sees, table by table. */
  async function visibleOrganizations(
    manager = (): { query(sql: string): Promise<{ organization: string }[]> } => tenant.manager,
  ): Promise<Record<string, string[]>> {
    const seen: Record<string, string[]> = {};
    for (const { table, column } of tenantTables) {
      const rows: { organization: string }[] = await manager().query(
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
      const [session] = await inA(() =>
        dataSource.query(
          `SELECT current_user AS role, r.rolsuper AS super, r.rolbypassrls AS bypass,
                  (SELECT count(*)::int FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                    WHERE n.nspname = 'public' AND pg_has_role(current_user, c.relowner, 'USAGE')) AS owned
             FROM pg_roles r WHERE r.rolname = current_user`,
        ),
      );
      expect(session).toEqual({ role, super: false, bypass: false, owned: 0 });
    }
  });

  it('lets an unscoped SELECT in an organization see that organization only', async () => {
    const seen = await inA(() => visibleOrganizations());
    for (const table of ['organization', 'member', 'partner', 'need', 'constituent']) {
      expect(seen[table]).toEqual([a.org.id]);
    }
    expect(Object.values(seen).flat()).not.toContain(b.org.id);
  });

  it('shows no tenant row to a session of the application role that names no organization', async () => {
    const client = new Client({
      connectionString: api.databaseUrl,
      options: `-c role=${APPLICATION_ROLE}`,
    });
    await client.connect();
    try {
      for (const { table } of tenantTables) {
        const { rows } = await client.query(`SELECT count(*)::int AS rows FROM ${table}`);
        expect(rows).toEqual([{ rows: 0 }]);
      }
    } finally {
      await client.end();
    }
  });

  it('refuses any query on the application pool outside an organization, before it is sent', async () => {
    await expect(api.app.get(DataSource).query('SELECT 1')).rejects.toThrow(
      /No organization in this scope/,
    );
    expect(() => tenant.manager).toThrow(/No organization entered/);
  });

  it('names the organization on every checkout: a connection A used serves B as B', async () => {
    const setting = async (): Promise<string> =>
      (await tenant.manager.query(`SELECT current_setting('app.organization_id') AS org`))[0].org;
    for (let round = 0; round < 3; round++) {
      expect(await inA(setting)).toBe(a.org.id);
      expect(await inB(setting)).toBe(b.org.id);
      expect((await inB(() => visibleOrganizations())).need).toEqual([b.org.id]);
    }
  });

  it('keeps the organization named after a rolled-back transaction', async () => {
    const failed = inA(() =>
      tenant.transaction(async () => {
        await tenant.manager.query(`SELECT 1`);
        throw new Error('rolled back');
      }),
    );
    await expect(failed).rejects.toThrow('rolled back');
    expect((await inB(() => visibleOrganizations())).need).toEqual([b.org.id]);
    expect((await inA(() => visibleOrganizations())).need).toEqual([a.org.id]);
  });

  it('refuses an outside call while a transaction is open, and allows it after', async () => {
    await inA(async () => {
      const inside = tenant.transaction(async () => assertNoOpenTransaction('SMTP send'));
      await expect(inside).rejects.toThrow(/SMTP send inside a database transaction/);
      expect(() => assertNoOpenTransaction('SMTP send')).not.toThrow();
    });
  });

  it('sees a transaction from a nested tenant.run, and one the system pool opened', async () => {
    const nested = inA(() =>
      tenant.transaction(() =>
        tenant.run(organizationId(b.org.id), async () => assertNoOpenTransaction('Send')),
      ),
    );
    await expect(nested).rejects.toThrow(/Send inside a database transaction/);
    const systemWide = system.transaction(async () => assertNoOpenTransaction('Send'));
    await expect(systemWide).rejects.toThrow(/Send inside a database transaction/);
    await system.transaction(async () => undefined);
    expect(() => assertNoOpenTransaction('Send')).not.toThrow();
  });

  it('confines an unscoped UPDATE to the organization and leaves the other untouched', async () => {
    const before = await api.dataSource.query(`SELECT updated_at FROM need WHERE id = $1`, [
      b.need.id,
    ]);
    const updated: { organization_id: string }[][] = await inA(() =>
      tenant.manager.query(`UPDATE need SET updated_at = now() RETURNING organization_id`),
    );
    expect(new Set(updated[0].map((row) => row.organization_id))).toEqual(new Set([a.org.id]));
    expect(
      await api.dataSource.query(`SELECT updated_at FROM need WHERE id = $1`, [b.need.id]),
    ).toEqual(before);
  });

  it("refuses to write a row into another organization's table", async () => {
    const write = inA(() =>
      tenant.manager.query(`INSERT INTO household (organization_id) VALUES ($1)`, [b.org.id]),
    );
    await expect(write).rejects.toMatchObject({
      driverError: { code: '42501', message: expect.stringContaining('row-level security') },
    });
  });

  it('lets the system role, used for cross-organization work, see every organization', async () => {
    const seen = await visibleOrganizations(() => system.manager);
    expect(seen.need).toEqual(expect.arrayContaining([a.org.id, b.org.id]));
  });

  it('runs a request as the application role in its organization', async () => {
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
