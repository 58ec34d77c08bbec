import { Client } from 'pg';
import { startFakeTelnyx } from '../../libs/testing/src/sms/fake-telnyx';
import { startBenchWorker } from '../bench-worker';
import type { ScenarioResult } from '../measure';
import type { BenchContext } from './context';
import { seedSmsOrganizations, SmsBenchOrganization, tokenFor } from './sms-seed';

const ORGANIZATIONS = 10;
const ACCEPTED_PER_ORGANIZATION = 1_000;
/** Sends tried beyond the cap, each of which must be refused with 429. */
const REFUSED_PER_ORGANIZATION = 50;
const MAX_CONCURRENCY = 10;
const CLIENT_CONNECTIONS = 50;

/** POSTs every send with a fixed number of requests in flight; returns the latencies by status. */
async function enqueue(
  baseUrl: string,
  sends: { needId: string; token: string }[],
): Promise<{ byStatus: Map<number, number>; latencies: number[]; seconds: number }> {
  const byStatus = new Map<number, number>();
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    while (next < sends.length) {
      const send = sends[next++];
      const at = performance.now();
      const response = await fetch(`${baseUrl}/api/needs/${send.needId}/sms`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${send.token}` },
        body: JSON.stringify({ body: `Bench message ${next}` }),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - at);
      byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CLIENT_CONNECTIONS }, lane));
  return { byStatus, latencies, seconds: (performance.now() - started) / 1000 };
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]);
}

/** Rows counted per organization that must equal the cap exactly, as "name: value" problems. */
async function capProblems(databaseUrl: string, organizations: SmsBenchOrganization[]) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT o.id,
              (SELECT count(*)::int FROM interaction i
                WHERE i.organization_id = o.id AND i.status = 'SENT') AS sent,
              (SELECT used FROM sms_usage u
                WHERE u.organization_id = o.id AND u.period = 'day'
                ORDER BY period_key DESC LIMIT 1) AS used
         FROM organization o WHERE o.id = ANY($1::uuid[])`,
      [organizations.map((organization) => organization.organizationId)],
    );
    return rows
      .filter(
        (row) => row.sent !== ACCEPTED_PER_ORGANIZATION || row.used !== ACCEPTED_PER_ORGANIZATION,
      )
      .map((row) => `${row.id}: ${row.sent} sent, ${row.used} counted`);
  } finally {
    await client.end();
  }
}

/**
 * 10 organizations with a daily cap of 1,000 each try 1,050 sends through the API (the worker
 * stopped), then a separate worker process delivers the 10,000 accepted to a fake Telnyx: reports
 * the enqueue rate and the delivery rate, and fails when a cap or maxConcurrency was not held.
 */
export async function smsScenarios(context: BenchContext): Promise<ScenarioResult[]> {
  const organizations = await seedSmsOrganizations(context.databaseUrl, ORGANIZATIONS, {
    dailySmsCap: ACCEPTED_PER_ORGANIZATION,
    monthlySmsBudget: 10 * ACCEPTED_PER_ORGANIZATION,
    maxConcurrency: MAX_CONCURRENCY,
  });
  const tokens = await Promise.all(organizations.map((org) => tokenFor(context.baseUrl, org)));
  const sends = Array.from({ length: ACCEPTED_PER_ORGANIZATION + REFUSED_PER_ORGANIZATION }, () =>
    organizations.map((org, index) => ({ needId: org.needId, token: tokens[index] })),
  ).flat();
  const queued = await enqueue(context.baseUrl, sends);

  const telnyx = await startFakeTelnyx();
  const total = ORGANIZATIONS * ACCEPTED_PER_ORGANIZATION;
  // Messages an earlier run left queued (its worker stopped mid-way) reach this fake too.
  const numbers = new Set(organizations.map((organization) => organization.phoneNumber));
  const delivered = () =>
    telnyx.requests.filter((request) => numbers.has(String(request.body.from)));
  const worker = startBenchWorker(context.databaseUrl, telnyx.url);
  let first = 0;
  let last = 0;
  try {
    const deadline = Date.now() + 10 * 60_000;
    for (let count = 0; count < total && Date.now() < deadline; count = delivered().length) {
      if (!first && count > 0) first = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    last = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 1000));
  } finally {
    await worker.stop();
    await telnyx.close();
  }

  const problems = await capProblems(context.databaseUrl, organizations);
  if (queued.byStatus.get(202) !== total) problems.push(`${queued.byStatus.get(202)} accepted`);
  if (delivered().length !== total) problems.push(`${delivered().length} delivered`);
  for (const organization of organizations) {
    const peak = telnyx.peakConcurrency(organization.phoneNumber);
    if (peak > MAX_CONCURRENCY) problems.push(`${organization.phoneNumber}: ${peak} in parallel`);
  }
  if (problems.length > 0) throw new Error(`SMS caps not held: ${problems.join('; ')}`);

  return [
    {
      name: 'POST /api/needs/{id}/sms (enqueue)',
      requestsPerSecond: Math.round(sends.length / queued.seconds),
      p50: percentile(queued.latencies, 0.5),
      p99: percentile(queued.latencies, 0.99),
      errors: 0,
      non2xx: queued.byStatus.get(429) ?? 0,
    },
    {
      name: 'SMS delivery to Telnyx (msg/s)',
      requestsPerSecond: Math.round(total / ((last - first) / 1000)),
      p50: 0,
      p99: 0,
      errors: 0,
      non2xx: 0,
    },
  ];
}
