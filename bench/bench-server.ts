import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { profileArgs } from './profile-args';

export interface BenchServer {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

async function waitUntilReady(baseUrl: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become ready');
}

/** The built API (dist/) as a separate process, with every rate limit off, as production runs it. */
export async function startBenchServer(databaseUrl: string, port = 3999): Promise<BenchServer> {
  const child = spawn(
    process.execPath,
    [...profileArgs(), join(__dirname, '..', 'apps', 'api', 'src', 'main.js')],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        JWT_SECRET: randomBytes(32).toString('hex'),
        ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        RUN_WORKERS: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PUBLIC_PER_IP: '0',
        RATE_LIMIT_PUBLIC_PER_ORG: '0',
        RATE_LIMIT_MEMBER: '0',
        RATE_LIMIT_LOGIN: '0',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(baseUrl, child);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    baseUrl,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
