import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { withAdminClient } from '../server-admin';
import type { PostgresBinaries } from './postgres-binaries';
import { runsAsPostgresUser } from './reachable';

interface OsUser {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root: as root, it runs as the `postgres` OS user (created when missing). */
function postgresOsUser(): OsUser | undefined {
  if (!runsAsPostgresUser()) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('groupadd', ['--force', 'postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** Runs a program to its end; rejects with one line naming it and its last output line. */
function run(program: string, args: string[], user: OsUser | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { ...user, stdio: ['ignore', 'ignore', 'pipe'] });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) =>
      reject(new Error(`${program} could not run (${error.message})`)),
    );
    child.once('close', (code) => {
      if (code === 0) return resolve();
      reject(new Error(`${program} failed (exit code ${code}): ${lastLine(output)}`));
    });
  });
}

/** A UTF-8 locale the system has (the C locale, byte order, when it has none). */
function utf8Locale(): string {
  try {
    const known = execFileSync('locale', ['-a'], { encoding: 'utf8' }).split('\n');
    return (
      ['C.UTF-8', 'C.utf8', 'en_US.UTF-8', 'en_US.utf8'].find((name) => known.includes(name)) ?? 'C'
    );
  } catch {
    return 'C';
  }
}

function lastLine(text: string): string {
  return text.trim().split('\n').pop() ?? '';
}

/** Creates the cluster's files in `dataDir`, its superuser `user` with `password`. */
export async function initialiseCluster(
  binaries: PostgresBinaries,
  dataDir: string,
  credentials: { user: string; password: string },
): Promise<void> {
  const osUser = postgresOsUser();
  mkdirSync(dirname(dataDir), { recursive: true });
  mkdirSync(dataDir, { mode: 0o700 });
  // initdb reads the password from a file: readable by its owner only, removed whatever happens.
  const passwordFile = join(dirname(dataDir), 'initdb-password');
  rmSync(passwordFile, { force: true });
  await writeFile(passwordFile, `${credentials.password}\n`, { mode: 0o600, flag: 'wx' });
  try {
    if (osUser) {
      chownSync(dataDir, osUser.uid, osUser.gid);
      chownSync(passwordFile, osUser.uid, osUser.gid);
    }
    await run(
      binaries.initdb,
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        `--username=${credentials.user}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        `--locale=${utf8Locale()}`,
        '--lc-messages=C',
      ],
      osUser,
    );
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

export interface RunningServer {
  stop(): Promise<void>;
}

/** Starts the server on `port` and waits until `readyUrl` answers; its log is `<dataDir>.log`. */
export async function startServer(
  binaries: PostgresBinaries,
  dataDir: string,
  port: number,
  readyUrl: string,
): Promise<RunningServer> {
  const logFile = `${dataDir}.log`;
  const log = openSync(logFile, 'w', 0o644);
  const osUser = postgresOsUser();
  let child: ChildProcess;
  try {
    // Its own process group: Ctrl-C in a terminal must not stop the server under the API's
    // shutdown; the API stops it once its connections are closed.
    child = spawn(binaries.postgres, ['-D', dataDir, '-p', String(port)], {
      ...osUser,
      stdio: ['ignore', log, log],
      detached: true,
    });
  } finally {
    closeSync(log);
  }
  const exited = new Promise<string>((resolve) => {
    child.once('error', (error) => resolve(`postgres could not run (${error.message})`));
    child.once('exit', (code) =>
      resolve(`postgres exited (code ${code}): ${lastLogLine(logFile)}`),
    );
  });
  const problem = await Promise.race([exited, ready(readyUrl, () => child.exitCode !== null)]);
  if (problem) throw new Error(problem);
  return {
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      await exited;
    },
  };
}

/** The log's last FATAL message (why the server stopped), else its last line. */
function lastLogLine(logFile: string): string {
  const lines = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n') : [];
  const fatal = lines.filter((line) => line.includes('FATAL:')).pop();
  return fatal ? fatal.slice(fatal.indexOf('FATAL:') + 6).trim() : (lines.pop() ?? '');
}

/** Resolves undefined once the server answers; a message when it has not within 60 s. */
async function ready(url: string, gone: () => boolean): Promise<string | undefined> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !gone()) {
    try {
      await withAdminClient(url, async () => undefined, 1000);
      return undefined;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return 'postgres did not accept connections within 60 seconds';
}
