import { startEmbeddedDatabase } from '../libs/database/src/embedded/embedded-database';
import { runMigrations } from '../libs/database/src/migrate';
import {
  answers,
  databaseUrl,
  LOCAL_SERVER_URL,
  withAdminClient,
} from '../libs/database/src/server-admin';

const BENCH_DATABASE = 'assist_bench';

async function ensureDatabase(serverUrl: string): Promise<string> {
  await withAdminClient(serverUrl, async (client) => {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      BENCH_DATABASE,
    ]);
    if (!exists.rowCount) await client.query(`CREATE DATABASE ${BENCH_DATABASE}`);
  });
  return databaseUrl(serverUrl, BENCH_DATABASE);
}

/**
 * The benchmark database: BENCH_DATABASE_URL, else `assist_bench` on the local server (5432), else
 * on the embedded server. Kept between runs so `npm run seed:bench` data is reused. Migrated.
 */
export async function benchDatabase(): Promise<{ url: string; stop(): Promise<void> }> {
  let url = process.env.BENCH_DATABASE_URL;
  let stop = async (): Promise<void> => undefined;
  if (!url) {
    if (await answers(LOCAL_SERVER_URL)) {
      url = await ensureDatabase(LOCAL_SERVER_URL);
    } else {
      const embedded = await startEmbeddedDatabase({ database: BENCH_DATABASE });
      url = embedded.ownerUrl;
      stop = embedded.stop;
    }
  }
  await runMigrations(url);
  return { url, stop };
}
