import { Client } from 'pg';

export const LOCAL_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export async function answers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs statements on the server's maintenance database (CREATE/DROP DATABASE cannot run in a transaction). */
export async function onServer(serverUrl: string, statements: string[]): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
