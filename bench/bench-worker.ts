import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { profileArgs } from './profile-args';

export interface BenchWorker {
  stop(): Promise<void>;
}

/** The built worker (`npm run start:worker`) as a separate process, sending SMS to `telnyxUrl`. */
export function startBenchWorker(databaseUrl: string, telnyxUrl: string): BenchWorker {
  const child = spawn(
    process.execPath,
    [...profileArgs(), join(__dirname, '..', 'apps', 'worker', 'src', 'main.js')],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        JWT_SECRET: randomBytes(32).toString('hex'),
        ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        LOG_LEVEL: 'warn',
        SMS_PROVIDER: 'telnyx',
        TELNYX_API_KEY: 'bench-telnyx-key',
        TELNYX_API_BASE_URL: telnyxUrl,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  return {
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
