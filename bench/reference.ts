import { fork } from 'node:child_process';
import { join } from 'node:path';
import { Pool } from 'pg';

/** Starts bench/reference-server.ts in its own process (one process, like the API). */
export async function startReferenceServer(
  mode: 'insert' | 'select',
  databaseUrl: string,
  organizationId: string,
  port: number,
): Promise<{ url: string; stop(): Promise<void> }> {
  if (mode === 'insert') {
    const pool = new Pool({ connectionString: databaseUrl, max: 1 });
    await pool.query(`CREATE TABLE IF NOT EXISTS bench_reference_insert (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(), organization_id uuid NOT NULL,
      description text NOT NULL, custom_fields jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
    await pool.end();
  }
  const child = fork(join(__dirname, 'reference-server.js'), [mode], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      BENCH_ORGANIZATION_ID: organizationId,
    },
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`reference server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
