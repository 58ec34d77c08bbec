import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Jest runs from the repository's root. */
const ROOT = process.cwd();
/** Written after each build made here: dist is current when it is newer than every source. */
const BUILT_STAMP = join(ROOT, 'dist', '.built-for-tests');
const SOURCE_FOLDERS = ['apps', 'libs', 'scripts', 'bench'];
const BUILD_INPUTS = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];
/** One build at a time across the test workers of this checkout. */
const LOCK = join(tmpdir(), `assist-build-${createHash('sha1').update(ROOT).digest('hex')}.lock`);
const STALE_LOCK_MS = 5 * 60_000;

/** For a beforeAll that calls ensureBuilt(): a whole build beside other test workers takes minutes. */
export const BUILD_TIMEOUT_MS = 300_000;

/** The built entry point of an app, as `npm run start:prod` and `start:worker` run it. */
export function builtEntry(app: 'api' | 'worker'): string {
  return join(ROOT, 'dist', 'apps', app, 'src', 'main.js');
}

function newestSourceTime(): number {
  let newest = Math.max(...BUILD_INPUTS.map((file) => statSync(join(ROOT, file)).mtimeMs));
  for (const folder of SOURCE_FOLDERS) {
    for (const file of readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })) {
      if (file.includes('node_modules') || !file.endsWith('.ts')) continue;
      newest = Math.max(newest, statSync(join(ROOT, folder, file)).mtimeMs);
    }
  }
  return newest;
}

function isCurrent(): boolean {
  return existsSync(BUILT_STAMP) && statSync(BUILT_STAMP).mtimeMs >= newestSourceTime();
}

function tryLock(): boolean {
  try {
    mkdirSync(LOCK);
    return true;
  } catch {
    const held = statSync(LOCK, { throwIfNoEntry: false });
    // A worker killed mid-build leaves its lock behind.
    if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS)
      rmSync(LOCK, { force: true, recursive: true });
    return false;
  }
}

/**
 * Runs `npm run build` when `dist/` is missing or older than the sources, so the tests that start
 * the built API or worker as processes (the start scripts, the fault tests) never run stale code,
 * and `npm test` works right after `npm install`. CI has built already: then this costs a few ms.
 */
export async function ensureBuilt(): Promise<void> {
  while (!isCurrent()) {
    if (!tryLock()) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      if (isCurrent()) return;
      const started = new Date();
      await run('npm', ['run', '--silent', 'build'], { cwd: ROOT });
      // Dated when the sources were read, so an edit made during the build still counts as newer.
      writeFileSync(BUILT_STAMP, `${started.toISOString()}\n`);
      utimesSync(BUILT_STAMP, started, started);
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}
