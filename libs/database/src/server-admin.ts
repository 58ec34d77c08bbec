import { Client } from 'pg';

/** The PostgreSQL server developers and CI machines run locally (trust auth). */
export const LOCAL_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * One short-lived connection for administering a server (probing whether it answers, creating or
 * dropping databases: the embedded server, the test and benchmark databases, the schema dump),
 * closed whatever `work` does. Rejects when the server does not accept the connection within
 * `connectTimeoutMs` (default: no limit). The application's own connections go through
 * TenantContext and SystemDatabase (eslint.config.mjs).
 */
export async function withAdminClient<T>(
  url: string,
  work: (client: Client) => Promise<T>,
  connectTimeoutMs?: number,
): Promise<T> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Whether a server accepts a connection at `url` within 1.5 s. */
export function answers(url: string): Promise<boolean> {
  return withAdminClient(url, async () => true, 1500).catch(() => false);
}

/** Runs statements on the server's maintenance database (CREATE/DROP DATABASE cannot run in a transaction). */
export function onServer(serverUrl: string, statements: string[]): Promise<void> {
  return withAdminClient(serverUrl, async (client) => {
    for (const statement of statements) await client.query(statement);
  });
}

/** `serverUrl` with its database replaced by `database`. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * The login role the application connects as on the servers this code sets up itself (the embedded
 * server, the tests' and benchmarks' databases): it owns nothing and bypasses nothing, and the
 * migrations grant it the application roles (runtime-role.ts). The password matters on the
 * embedded server only (the local server trusts local connections).
 */
const RUNTIME_LOGIN = { user: 'assist_runtime', password: 'assist_runtime' };

/** Creates the runtime login role on the server unless it exists (safe when several race). */
export function ensureRuntimeLogin(serverUrl: string): Promise<void> {
  const { user, password } = RUNTIME_LOGIN;
  return onServer(serverUrl, [
    `DO $$ BEGIN
       IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${user}') THEN
         CREATE ROLE ${user} LOGIN PASSWORD '${password}'
           NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS NOREPLICATION;
       END IF;
     EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
     END $$`,
  ]);
}

/** `url` with the runtime login role as its user. */
export function runtimeUrl(url: string): string {
  const runtime = new URL(url);
  runtime.username = RUNTIME_LOGIN.user;
  runtime.password = RUNTIME_LOGIN.password;
  return runtime.toString();
}
