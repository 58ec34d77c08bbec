import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '@app/testing/free-port';
import { EmbeddedDatabaseError, startEmbeddedDatabase } from './embedded-database';
import { packagedBinaryFolder, reachableBinaries } from './postgres-binaries';
import { initialiseCluster, startServer } from './postgres-process';

const asRoot = process.getuid?.() === 0;
const credentials = { user: 'postgres', password: 'postgres' };

function passwordFilesIn(folder: string): string[] {
  return readdirSync(folder).filter((name) => /^pg-password-|^initdb-password$/.test(name));
}

describe('embedded PostgreSQL', () => {
  let folder: string;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'assist-embedded-spec-'));
  });

  afterEach(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('turns a start-up failure into one sentence', async () => {
    chmodSync(folder, 0o755);
    // A data directory that claims to be initialised but holds nothing: the server refuses it.
    const dataDir = join(folder, '.data', 'postgres');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dataDir, 'PG_VERSION'), '15\n');
    const failure = await startEmbeddedDatabase({ root: folder, port: await freePort() }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(EmbeddedDatabaseError);
    const { message } = failure as Error;
    expect(message).toMatch(/^The embedded PostgreSQL could not start: postgres exited .*\.$/);
    expect(message).not.toContain('\n');
  }, 60_000);

  it('leaves no password file when initdb cannot run', async () => {
    const dataDir = join(folder, 'postgres');
    const missing = { initdb: join(folder, 'no-initdb'), postgres: join(folder, 'no-postgres') };
    const before = passwordFilesIn(tmpdir());
    await expect(initialiseCluster(missing, dataDir, credentials)).rejects.toThrow(
      /no-initdb could not run \(spawn /,
    );
    expect(passwordFilesIn(folder)).toEqual([]);
    expect(passwordFilesIn(tmpdir())).toEqual(before);
  });

  (asRoot ? describe : describe.skip)(asRoot ? 'as root' : 'as root (skipped: not root)', () => {
    it('runs binaries the postgres OS user cannot reach from a copy it can', async () => {
      // The project in a private folder (mode 700, like /root or a `mktemp -d`).
      const packaged = await packagedBinaryFolder();
      const privateCopy = join(folder, 'linux-x64', 'native');
      mkdirSync(dirname(privateCopy), { recursive: true });
      cpSync(join(dirname(packaged), 'package.json'), join(dirname(privateCopy), 'package.json'));
      cpSync(packaged, privateCopy, { recursive: true, verbatimSymlinks: true });
      const asPostgres = (program: string) => {
        const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout);
        return spawnSync(program, ['--version'], { uid }).error?.message ?? 'ran';
      };
      expect(asPostgres(join(privateCopy, 'bin', 'initdb'))).toMatch(/EACCES/);

      const binaries = reachableBinaries(privateCopy);
      expect(asPostgres(binaries.initdb)).toBe('ran');

      const dataDir = join(tmpdir(), `assist-embedded-spec-data-${process.pid}`, 'postgres');
      try {
        await initialiseCluster(binaries, dataDir, credentials);
        expect(passwordFilesIn(dirname(dataDir))).toEqual([]);
        const port = await freePort();
        const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
        const server = await startServer(binaries, dataDir, port, url);
        const client = new Client({ connectionString: url });
        await client.connect();
        const { rows } = await client.query<{ encoding: string }>(
          "SELECT pg_encoding_to_char(encoding) AS encoding FROM pg_database WHERE datname = 'postgres'",
        );
        await client.end();
        await server.stop();
        expect(rows[0].encoding).toBe('UTF8');
      } finally {
        rmSync(dirname(dataDir), { recursive: true, force: true });
      }
    }, 120_000);
  });
});
