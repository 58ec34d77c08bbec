import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedDatabase } from '../../database/src/embedded/embedded-database';
import { runMigrations } from '../../database/src/migrate';
import { freePort } from './free-port';
import {
  answers,
  databaseUrl,
  ensureRuntimeLogin,
  LOCAL_SERVER_URL,
  onServer,
  runtimeUrl,
} from '../../database/src/server-admin';
import { holdEmbeddedTestServer } from './embedded-test-server';

/** TEST_DATABASE_URL, else the local server on 5432, else an embedded server of our own. */
async function findServer(): Promise<string> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  if (await answers(LOCAL_SERVER_URL)) return LOCAL_SERVER_URL;
  const root = mkdtempSync(join(tmpdir(), 'assist-test-'));
  // Run as root, the server runs as a `postgres` OS user, who must reach the folder.
  chmodSync(root, 0o755);
  try {
    const embedded = await startEmbeddedDatabase({
      root,
      port: await freePort(),
      database: 'postgres',
    });
    holdEmbeddedTestServer({ root, stop: embedded.stop });
    return embedded.ownerUrl;
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Migrates a template database once, as the server's user (the owner), for the runtime login role
 * the applications under test connect as; each test file clones it (libs/testing/src/test-database.ts).
 */
export default async function globalSetup(): Promise<void> {
  const serverUrl = await findServer();
  const runId = randomBytes(4).toString('hex');
  const template = `assist_test_${runId}_template`;
  await onServer(serverUrl, [`CREATE DATABASE ${template}`]);
  await ensureRuntimeLogin(serverUrl);
  const templateUrl = databaseUrl(serverUrl, template);
  await runMigrations(templateUrl, runtimeUrl(templateUrl));
  process.env.TEST_SERVER_URL = serverUrl;
  process.env.TEST_RUN_ID = runId;
  process.env.TEST_TEMPLATE_DATABASE = template;
}
