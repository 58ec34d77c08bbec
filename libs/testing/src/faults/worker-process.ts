import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Env } from '@app/config';
import { builtEntry } from '../built-app';
import { TEST_ENCRYPTION_KEY, TEST_JWT_SECRET } from '../test-config';

/** The built worker (`npm run start:worker`): call `ensureBuilt()` in the spec's beforeAll. */
const WORKER_MAIN = builtEntry('worker');

export interface WorkerProcess {
  /** SIGKILL: the process dies at once, mid-job, as in a crash or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM: the worker finishes its jobs in flight and exits. */
  stop(): Promise<void>;
}

/** Starts the built worker as its own process with the test configuration and `env`. */
export function startWorkerProcess(env: Env): WorkerProcess {
  if (!existsSync(WORKER_MAIN))
    throw new Error(`${WORKER_MAIN} is missing: await ensureBuilt() first`);
  const child = spawn(process.execPath, [WORKER_MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      JWT_SECRET: TEST_JWT_SECRET,
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}
