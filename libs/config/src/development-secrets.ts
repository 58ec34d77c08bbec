import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from './env-readers';

/**
 * For the embedded development start (no DATABASE_URL, not production): a JWT_SECRET and
 * ENCRYPTION_KEY generated once and kept in `.data/secrets.json`, so tokens and stored provider keys
 * survive restarts. Explicit variables always win.
 */
export function withDevelopmentSecrets(env: Env, root = process.cwd()): Env {
  if (env.NODE_ENV === 'production' || env.DATABASE_URL) return env;
  if (env.JWT_SECRET && env.ENCRYPTION_KEY) return env;
  const file = join(root, '.data', 'secrets.json');
  if (!existsSync(file)) {
    mkdirSync(join(root, '.data'), { recursive: true });
    const secrets = {
      JWT_SECRET: randomBytes(32).toString('base64url'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    };
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return {
    ...env,
    JWT_SECRET: env.JWT_SECRET || stored.JWT_SECRET,
    ENCRYPTION_KEY: env.ENCRYPTION_KEY || stored.ENCRYPTION_KEY,
  };
}
