import { Client } from 'pg';

/**
 * One short-lived connection for administering the embedded server (probing whether it answers,
 * creating the application's database), closed whatever `work` does. Rejects when the server does
 * not accept the connection within `connectTimeoutMs` (default: no limit). The embedded server's
 * only way to PostgreSQL (eslint.config.mjs): the application's own connections go through
 * TenantContext and SystemDatabase.
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
