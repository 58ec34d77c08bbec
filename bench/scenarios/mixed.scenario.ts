import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { SMS_DISPATCH_QUEUE } from '../../libs/jobs/src/sms/sms-dispatch.policy';
import { measure, report, ScenarioResult } from '../measure';
import { RssFigures, sampleRss } from '../rss-sampler';
import { SEARCHES } from './constituents.scenario';
import type { BenchContext } from './context';
import { DESCRIPTIONS } from './needs.scenario';
import { seedSmsOrganizations, tokenFor } from './sms-seed';

const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
/** Four request kinds side by side: 100 connections in all. */
const CONNECTIONS_PER_KIND = 25;
/** Far above what one run can send, so the SMS caps never answer 429 here. */
const SMS_CAP = 100_000_000;

/** RSS counts as unbounded when it ends above twice its start plus 200 MB. */
function unbounded(rss: RssFigures): boolean {
  return rss.end > 2 * rss.start + 200;
}

/** The run's SMS jobs are dropped, so a later `sms` scenario's worker does not deliver them. */
async function dropQueuedSms(databaseUrl: string, organizationId: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DELETE FROM pgboss.job WHERE name = $1 AND data->>'organizationId' = $2`, [
      SMS_DISPATCH_QUEUE,
      organizationId,
    ]);
  } finally {
    await client.end();
  }
}

/**
 * Public intake, the needs list, constituent search and SMS sends at once (25 connections each)
 * for BENCH_MIXED_SECONDS (default 60), while the API process's RSS is sampled every second. Fails
 * on any error or non-2xx answer, or when RSS grows without bound.
 */
export async function mixedScenarios(context: BenchContext): Promise<ScenarioResult[]> {
  const [sms] = await seedSmsOrganizations(context.databaseUrl, 1, {
    dailySmsCap: SMS_CAP,
    monthlySmsBudget: SMS_CAP,
    maxConcurrency: 1,
  });
  const smsToken = await tokenFor(context.baseUrl, sms);
  const admin = { authorization: `Bearer ${context.adminToken}` };
  const load = { connections: CONNECTIONS_PER_KIND, duration: SECONDS };
  let intakes = 0;
  let searches = 0;
  const rss = sampleRss(context.serverPid);
  const results = await Promise.all([
    measure('mixed: POST /api/needs/public', {
      ...load,
      url: `${context.baseUrl}/api/needs/public`,
      method: 'POST',
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, 'idempotency-key': randomUUID() },
        body: JSON.stringify({
          organizationId: context.organizationId,
          description: DESCRIPTIONS[intakes++ % DESCRIPTIONS.length],
        }),
      }),
    }),
    measure('mixed: GET /api/needs?limit=50', {
      ...load,
      url: `${context.baseUrl}/api/needs?limit=50`,
      headers: admin,
    }),
    measure('mixed: GET /api/constituents?query=...', {
      ...load,
      url: `${context.baseUrl}/api/constituents`,
      headers: admin,
      setupRequest: (request) => ({
        ...request,
        path: `/api/constituents?limit=20&query=${encodeURIComponent(SEARCHES[searches++ % SEARCHES.length][1])}`,
      }),
    }),
    measure('mixed: POST /api/needs/{id}/sms', {
      ...load,
      url: `${context.baseUrl}/api/needs/${sms.needId}/sms`,
      method: 'POST',
      headers: { authorization: `Bearer ${smsToken}` },
      body: JSON.stringify({ body: 'Mixed load message' }),
    }),
  ]);
  const memory = rss.stop();
  await dropQueuedSms(context.databaseUrl, sms.organizationId);

  const total = results.reduce((sum, result) => sum + result.requestsPerSecond, 0);
  console.log(
    `\nmixed: ${total} req/s in all over ${SECONDS} s at ${4 * CONNECTIONS_PER_KIND} connections; ` +
      `API RSS start ${memory.start} MB, peak ${memory.peak} MB, end ${memory.end} MB ` +
      `(${memory.samples} samples)`,
  );
  const failed = results.filter((result) => result.errors + result.non2xx > 0);
  if (failed.length > 0 || unbounded(memory)) {
    report(results);
    throw new Error(
      `Mixed load failed: ${failed.map((result) => result.name).join(', ') || 'no errors'}; ` +
        `RSS ${unbounded(memory) ? 'unbounded' : 'bounded'}`,
    );
  }
  return results;
}
