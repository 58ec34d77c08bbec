import { Client } from 'pg';
import { PgBoss } from 'pg-boss';
import { eventually } from '../sms/sms-fixtures';

async function activeJobs(client: Client, queue: string): Promise<number> {
  const { rows } = await client.query(
    `SELECT count(*)::int AS active FROM pgboss.job WHERE name = $1 AND state = 'active'`,
    [queue],
  );
  return rows[0].active;
}

/**
 * What pg-boss does to the jobs a crashed worker held, without waiting for it: their expiry
 * (`expireInSeconds`) is made to have passed, and supervision passes (which every pg-boss instance
 * runs each minute) fail them for a retry. Only when no live worker holds a job of `queue`.
 */
export async function expireDeadClaims(databaseUrl: string, queue: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  const boss = new PgBoss({
    connectionString: databaseUrl,
    supervise: false,
    schedule: false,
    monitorIntervalSeconds: 1,
  });
  await client.connect();
  try {
    await client.query(
      `UPDATE pgboss.job SET started_on = started_on - make_interval(secs => expire_seconds + 1)
        WHERE name = $1 AND state = 'active'`,
      [queue],
    );
    await boss.start();
    await eventually(async () => {
      await boss.supervise(queue);
      return (await activeJobs(client, queue)) === 0 ? true : undefined;
    });
  } finally {
    await boss.stop({ graceful: false });
    await client.end();
  }
}
