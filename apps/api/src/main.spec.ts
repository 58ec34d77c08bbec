import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILD_TIMEOUT_MS, builtEntry, ensureBuilt } from '@app/testing/built-app';
import { freePort } from '@app/testing/free-port';

/** The built API (`npm start`), built first when stale. */
const MAIN = builtEntry('api');

interface Start {
  output: string;
  errors: string;
  code: number | null;
}

/**
 * `npm start` without DATABASE_URL in a fresh folder: waits for the demo banner, then sends SIGINT to
 * the whole process group, as Ctrl-C in a terminal does, and waits for the exit.
 */
async function startAndInterrupt(
  cwd: string,
  port: number,
  whileUp: (output: string) => Promise<void>,
): Promise<Start> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  delete env.LOG_LEVEL;
  const child = spawn(process.execPath, [MAIN], { cwd, env, detached: true });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 90_000;
  while (!/org_admin email:.*\n(.*\n)*\n/.test(output) && child.exitCode === null) {
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  try {
    if (child.exitCode === null) await whileUp(output);
  } finally {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGINT');
  }
  return { output, errors, code: await exited };
}

function bannerValue(output: string, label: string): string | undefined {
  return new RegExp(`^  ${label}:\\s+(\\S+)`, 'm').exec(output)?.[1];
}

describe('npm start without DATABASE_URL', () => {
  let cwd: string;

  beforeAll(async () => {
    await ensureBuilt();
    cwd = mkdtempSync(join(tmpdir(), 'assist-start-'));
    chmodSync(cwd, 0o755);
  }, BUILD_TIMEOUT_MS);
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('prints the demo organization last, with its id, and shuts down without errors', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const leftovers = () => readdirSync(tmpdir()).filter((name) => name.startsWith('pg-password-'));
    const before = leftovers();
    const first = await startAndInterrupt(cwd, port, async (output) => {
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: bannerValue(output, 'org_admin email'),
          password: bannerValue(output, 'password'),
        }),
      });
      expect(login.status).toBe(200);
      const intake = await fetch(`${base}/api/needs/public`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          organizationId: bannerValue(output, 'organization id'),
          description: 'Groceries for a family of four',
        }),
      });
      expect(intake.status).toBe(201);
    });
    expect(first.errors).toBe('');
    expect(first.code).toBe(0);
    const listening = first.output.indexOf('API listening');
    expect(listening).toBeGreaterThan(-1);
    expect(first.output.indexOf('Demo organization')).toBeGreaterThan(listening);
    expect(first.output).not.toContain('"level":50');
    expect(leftovers()).toEqual(before);

    const second = await startAndInterrupt(cwd, port, async () => undefined);
    expect(second.code).toBe(0);
    expect(bannerValue(second.output, 'organization id')).toBe(
      bannerValue(first.output, 'organization id'),
    );
    expect(second.output).toContain('the one printed at the first start');
    expect(second.output).not.toContain('"level":50');
  }, 180_000);
});
