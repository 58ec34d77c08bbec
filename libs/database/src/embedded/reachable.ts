import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Run as root, PostgreSQL runs as a `postgres` OS user instead, who must be able to reach its files. */
export function runsAsPostgresUser(): boolean {
  return process.getuid?.() === 0;
}

/** Whether every folder above `path` lets other users through (the `x` bit for others). */
export function reachableByOthers(path: string): boolean {
  for (let dir = resolve(path); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) return false;
  }
  return true;
}
