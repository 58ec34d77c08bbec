import { spawnSync } from 'node:child_process';
import { BUILD_TIMEOUT_MS, ensureBuilt } from '@app/testing/built-app';

/** The production entries as their npm scripts run them (built in beforeAll). */
function npmRun(script: string, env: Record<string, string> = {}): string {
  // Jest sets NODE_ENV=test; the variables that decide the mode and the secrets are unset here.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !['NODE_ENV', 'JWT_SECRET', 'ENCRYPTION_KEY'].includes(name),
    ),
  );
  const run = spawnSync('npm', ['run', '--silent', script], {
    // No server answers there: a start that got past its configuration fails at once.
    env: { ...inherited, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(run.status).toBe(1);
  return `${run.stdout}${run.stderr}`.trim();
}

describe('npm run start:prod and start:worker', () => {
  beforeAll(() => ensureBuilt(), BUILD_TIMEOUT_MS);

  it.each(['start:prod', 'start:worker'])(
    '%s runs as production: without secrets it stops with one sentence',
    (script) => {
      expect(npmRun(script)).toMatch(/^Invalid configuration: JWT_SECRET [^\n]+$/);
    },
  );

  it('keeps a NODE_ENV that says otherwise', () => {
    const output = npmRun('start:prod', {
      NODE_ENV: 'development',
      RUN_WORKERS: 'maybe',
    });
    expect(output).toMatch(/^Invalid configuration: RUN_WORKERS [^\n]+$/);
  });
});
