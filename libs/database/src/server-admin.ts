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
