import { chmodSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedDatabase } from '@app/database';
import { holdEmbeddedTestServer, removeEmbeddedTestServer } from './embedded-test-server';
import { freePort } from './free-port';
import { answers } from '../../database/src/server-admin';

describe('the embedded server of a test run', () => {
  it('is stopped and its folder, cluster included, deleted by the global teardown', async () => {
    const root = mkdtempSync(join(tmpdir(), 'assist-test-'));
    chmodSync(root, 0o755);
    const server = await startEmbeddedDatabase({
      root,
      port: await freePort(),
      database: 'postgres',
    });
    holdEmbeddedTestServer({ root, stop: server.stop });
    expect(existsSync(join(root, '.data', 'postgres', 'PG_VERSION'))).toBe(true);

    await removeEmbeddedTestServer();

    expect(existsSync(root)).toBe(false);
    expect(await answers(server.url)).toBe(false);
  }, 60_000);
});
