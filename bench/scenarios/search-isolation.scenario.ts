import { Client } from 'pg';
import { seededOrganization } from '../bench-organization';
import { runMigrations } from '../../libs/database/src/migrate';
import { startBenchServer } from '../bench-server';
import { measure, ScenarioResult } from '../measure';
import { aloneDatabaseUrl, PROBE_SLUG } from '../seed-crowd';
import { accessToken } from './access-token';
import type { BenchContext } from './context';

/** A full name and a surname of the probe organization's first constituent. */
async function probeNames(url: string, organizationId: string): Promise<string[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT first_name, last_name FROM constituent
        WHERE organization_id = $1 ORDER BY created_at, id LIMIT 1`,
      [organizationId],
    );
    return [`${rows[0].first_name} ${rows[0].last_name}`, rows[0].last_name];
  } finally {
    await client.end();
  }
}

async function searches(
  label: string,
  baseUrl: string,
  databaseUrl: string,
): Promise<ScenarioResult[]> {
  const probe = await seededOrganization(databaseUrl, PROBE_SLUG);
  if (!probe) throw new Error('No probe organization: run `npm run seed:bench`');
  const token = await accessToken(baseUrl, probe.adminEmail, probe.adminPassword);
  const results: ScenarioResult[] = [];
  for (const name of await probeNames(databaseUrl, probe.organizationId)) {
    results.push(
      await measure(`GET /api/constituents "${name}" (${label})`, {
        url: `${baseUrl}/api/constituents?query=${encodeURIComponent(name)}&limit=20`,
        headers: { authorization: `Bearer ${token}` },
        connections: 10,
      }),
    );
  }
  return results;
}

/**
 * Name search in an organization of 10k constituents among 100 others of the same size (1M rows),
 * beside the same search with the organization alone in a database (`npm run seed:bench` seeds
 * both): the ratio shows what other organizations' data costs a search (1.00: nothing).
 */
export async function searchIsolationScenarios(context: BenchContext): Promise<ScenarioResult[]> {
  const crowded = await searches('among 1M others', context.baseUrl, context.databaseUrl);
  const aloneUrl = aloneDatabaseUrl(context.databaseUrl);
  await runMigrations(aloneUrl);
  const server = await startBenchServer(aloneUrl, 3996);
  try {
    const alone = await searches('alone', server.baseUrl, aloneUrl);
    return crowded.flatMap((result, index) => [
      { ...result, ratio: result.requestsPerSecond / alone[index].requestsPerSecond },
      alone[index],
    ]);
  } finally {
    await server.stop();
  }
}
