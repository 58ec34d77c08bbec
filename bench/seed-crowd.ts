import { Client, Pool } from 'pg';
import { runMigrations } from '../libs/database/src/migrate';
import { createBenchOrganization } from './bench-organization';
import { seedConstituents } from './seed-constituents';

/** The organization whose searches the search-isolation scenario measures, in both databases. */
export const PROBE_SLUG = 'bench-probe';
const CROWD_SLUG = 'bench-crowd';

/** The database beside the benchmark's (its name and `_alone`) holding the probe organization alone. */
export function aloneDatabaseUrl(url: string): string {
  const alone = new URL(url);
  alone.pathname = `${alone.pathname}_alone`;
  return alone.toString();
}

async function recreateAloneDatabase(url: string): Promise<void> {
  const name = new URL(aloneDatabaseUrl(url)).pathname.slice(1);
  const server = new URL(url);
  server.pathname = '/postgres';
  const client = new Client({ connectionString: server.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name}`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  await runMigrations(aloneDatabaseUrl(url));
}

/**
 * For the search-isolation scenario: the probe organization (`perOrganization` constituents) with
 * `organizations` others of the same size beside it in the benchmark database, and the probe
 * organization alone in a database of its own. The generated people are the same in both copies.
 */
export async function seedCrowd(
  pool: Pool,
  url: string,
  organizations: number,
  perOrganization: number,
): Promise<void> {
  await pool.query(`DELETE FROM organization WHERE slug = $1 OR slug LIKE $2`, [
    PROBE_SLUG,
    `${CROWD_SLUG}-%`,
  ]);
  for (let index = 0; index < organizations; index++) {
    const crowd = await createBenchOrganization(url, `${CROWD_SLUG}-${index}`);
    await seedConstituents(pool, crowd.organizationId, perOrganization, { vacuum: false });
  }
  const probe = await createBenchOrganization(url, PROBE_SLUG);
  await seedConstituents(pool, probe.organizationId, perOrganization);

  await recreateAloneDatabase(url);
  const alonePool = new Pool({ connectionString: aloneDatabaseUrl(url), max: 4 });
  try {
    const alone = await createBenchOrganization(aloneDatabaseUrl(url), PROBE_SLUG);
    await seedConstituents(alonePool, alone.organizationId, perOrganization);
  } finally {
    await alonePool.end();
  }
}
