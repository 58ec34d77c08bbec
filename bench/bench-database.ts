import { Client } from 'pg';
import { startEmbeddedDatabase } from '../libs/database/src/embedded/embedded-database';
import { runMigrations } from '../libs/database/src/migrate';

const LOCAL_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DATABASE = 'assist_bench';

async function answers(url: string): Promise<boolean> {
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

async function ensureDatabase(serverUrl: string): Promise<string> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      BENCH_DATABASE,
    ]);
    if (!exists.rowCount) await client.query(`CREATE DATABASE ${BENCH_DATABASE}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
}

/**
 * The benchmark database: BENCH_DATABASE_URL, else `assist_bench` on the local server (5432), else
 * on the embedded server. Kept between runs so `npm run seed:bench` data is reused. Migrated.
 */
export async function benchDatabase(): Promise<{ url: string; stop(): Promise<void> }> {
  let url = process.env.BENCH_DATABASE_URL;
  let stop = async (): Promise<void> => undefined;
  if (!url) {
    if (await answers(LOCAL_SERVER)) {
      url = await ensureDatabase(LOCAL_SERVER);
    } else {
      const embedded = await startEmbeddedDatabase({ database: BENCH_DATABASE });
      url = embedded.url;
      stop = embedded.stop;
    }
  }
  await runMigrations(url);
  return { url, stop };
}
