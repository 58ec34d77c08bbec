import { Pool } from 'pg';
import { benchDatabase } from './bench-database';
import { createBenchOrganization, createBenchPartners, SEEDED_SLUG } from './bench-organization';
import { seedConstituents } from './seed-constituents';
import { seedCrowd } from './seed-crowd';
import { seedNeeds } from './seed-needs';

const COUNT = Number(process.env.SEED_COUNT ?? 1_000_000);
const CROWD_ORGANIZATIONS = Number(process.env.SEED_CROWD_ORGANIZATIONS ?? 100);
const CROWD_SIZE = Number(process.env.SEED_CROWD_SIZE ?? 10_000);

/**
 * `npm run seed:bench`: one organization (slug bench-seeded) with SEED_COUNT (default 1M)
 * constituents and as many needs over 8 partners, in the benchmark database; then the
 * search-isolation organizations (bench/seed-crowd.ts). Replaces earlier ones.
 */
async function main(): Promise<void> {
  const database = await benchDatabase();
  const pool = new Pool({ connectionString: database.url, max: 4 });
  try {
    await pool.query('DELETE FROM organization WHERE slug = $1', [SEEDED_SLUG]);
    const organization = await createBenchOrganization(database.url, SEEDED_SLUG);
    const partnerIds = await createBenchPartners(database.url, organization.organizationId);
    let started = Date.now();
    await seedConstituents(pool, organization.organizationId, COUNT);
    console.log(`${COUNT} constituents in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    started = Date.now();
    await seedNeeds(pool, organization.organizationId, partnerIds, COUNT);
    await pool.query('VACUUM ANALYZE need');
    console.log(`${COUNT} needs in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    started = Date.now();
    await seedCrowd(pool, database.url, CROWD_ORGANIZATIONS, CROWD_SIZE);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `${CROWD_ORGANIZATIONS} + 1 organizations of ${CROWD_SIZE} constituents in ${seconds} s`,
    );
  } finally {
    await pool.end();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
