import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMigrations, startEmbeddedDatabase } from '@app/database';
import { freePort } from '../free-port';

export interface RestartableDatabase {
  /** As the runtime login role. */
  url: string;
  /** As the server's superuser, who owns the tables. */
  ownerUrl: string;
  /** Shuts the server down (fast shutdown: open sessions are terminated). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and deletes its files. */
  destroy(): Promise<void>;
}

/**
 * A migrated PostgreSQL server of the test's own (embedded, on a free port, in a temporary folder),
 * so a test may stop and restart it without touching the server the other tests share.
 */
export async function startRestartableDatabase(): Promise<RestartableDatabase> {
  const root = mkdtempSync(join(tmpdir(), 'assist-restartable-'));
  // Run as root, the server runs as a `postgres` OS user, who must reach the folder.
  chmodSync(root, 0o755);
  const options = { root, port: await freePort(), database: 'assist' };
  let server = await startEmbeddedDatabase(options);
  await runMigrations(server.ownerUrl, server.url);
  return {
    url: server.url,
    ownerUrl: server.ownerUrl,
    stop: () => server.stop(),
    start: async () => {
      server = await startEmbeddedDatabase(options);
    },
    destroy: async () => {
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
