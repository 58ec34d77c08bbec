import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '@app/testing';

/**
 * The role `DATABASE_URL` names at run time (docs/SECURITY.md, "Database roles"): read from the
 * catalog of a migrated database, as the tests' own runtime role connects to it. Whatever the
 * application's code does, that role cannot turn row-level security off.
 */
describe('the runtime database role', () => {
  let database: TestDatabase;
  let client: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  const rows = async <R>(sql: string): Promise<R[]> => (await client.query(sql)).rows as R[];

  it('is no superuser, and no role it can become bypasses row-level security', async () => {
    const roles = await rows<{ rolname: string; rolsuper: boolean; rolbypassrls: boolean }>(
      `SELECT rolname, rolsuper, rolbypassrls FROM pg_roles
        WHERE pg_has_role(current_user, oid, 'MEMBER') ORDER BY rolname`,
    );
    const [{ user }] = await rows<{ user: string }>(`SELECT current_user AS user`);
    expect(roles.map((role) => role.rolname)).toEqual(['assist_app', 'assist_system', user].sort());
    expect(roles.filter((role) => role.rolsuper || role.rolbypassrls)).toEqual([]);
  });

  it('owns no table, function, type or schema, nor can it become a role that does', async () => {
    const owned = await rows<{ object: string }>(`
      SELECT relname AS object FROM pg_class WHERE pg_has_role(current_user, relowner, 'MEMBER')
      UNION ALL
      SELECT proname FROM pg_proc WHERE pg_has_role(current_user, proowner, 'MEMBER')
      UNION ALL
      SELECT typname FROM pg_type WHERE pg_has_role(current_user, typowner, 'MEMBER')
      UNION ALL
      SELECT nspname FROM pg_namespace WHERE pg_has_role(current_user, nspowner, 'MEMBER')`);
    expect(owned).toEqual([]);
  });

  it("can neither alter a table nor SET ROLE to the tables' owner", async () => {
    await expect(client.query(`ALTER TABLE need DISABLE ROW LEVEL SECURITY`)).rejects.toThrow(
      /must be owner/,
    );
    await expect(client.query(`ALTER TABLE need NO FORCE ROW LEVEL SECURITY`)).rejects.toThrow(
      /must be owner/,
    );
    const [{ owner }] = await rows<{ owner: string }>(
      `SELECT tableowner AS owner FROM pg_tables WHERE tablename = 'need'`,
    );
    await expect(client.query(`SET ROLE "${owner}"`)).rejects.toThrow(/permission denied/);
  });
});
