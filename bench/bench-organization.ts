import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { hashPassword } from '../libs/auth/src/password';
import { dataSourceOptions } from '../libs/database/src/data-source-options';
import { SYSTEM_ROLE } from '../libs/database/src/tenancy/database-roles';
import { provisionOrganization } from '../libs/database/src/organization/provision-organization';

export const SEEDED_SLUG = 'bench-seeded';

export interface BenchOrganization {
  organizationId: string;
  adminEmail: string;
  adminPassword: string;
}

/** A new organization with an org_admin whose password is returned. */
export async function createBenchOrganization(
  url: string,
  slug?: string,
): Promise<BenchOrganization> {
  const dataSource = await new DataSource(
    dataSourceOptions(url, { role: SYSTEM_ROLE }),
  ).initialize();
  try {
    const suffix = randomBytes(4).toString('hex');
    const adminPassword = `bench-${randomBytes(12).toString('hex')}`;
    const adminEmail = `bench-${suffix}@example.org`;
    const created = await provisionOrganization(dataSource, {
      name: 'Bench',
      slug: slug ?? `bench-${suffix}`,
      adminEmail,
      adminFullName: 'Bench Admin',
      adminPasswordHash: await hashPassword(adminPassword),
    });
    return { organizationId: created.organizationId, adminEmail, adminPassword };
  } finally {
    await dataSource.destroy();
  }
}

/**
 * An organization `npm run seed:bench` filled (by default the 1M-row one), with a fresh org_admin
 * for this run; null if absent.
 */
export async function seededOrganization(
  url: string,
  slug = SEEDED_SLUG,
): Promise<BenchOrganization | null> {
  const pool = new Pool({ connectionString: url, max: 1 });
  try {
    const { rows } = await pool.query('SELECT id FROM organization WHERE slug = $1', [slug]);
    if (rows.length === 0) return null;
    const adminPassword = `bench-${randomBytes(12).toString('hex')}`;
    const adminEmail = `bench-${randomBytes(4).toString('hex')}@example.org`;
    await pool.query(
      `INSERT INTO member (organization_id, email, full_name, role, password_hash, is_confirmed)
       VALUES ($1, $2, 'Bench Admin', 'org_admin', $3, true)`,
      [rows[0].id, adminEmail, await hashPassword(adminPassword)],
    );
    return { organizationId: rows[0].id, adminEmail, adminPassword };
  } finally {
    await pool.end();
  }
}

/** Partners with keywords for routing, one of them the default. */
export async function createBenchPartners(url: string, organizationId: string): Promise<string[]> {
  const pool = new Pool({ connectionString: url, max: 1 });
  const partners: [string, string[]][] = [
    ['Food Bank', ['food', 'groceries', 'formula']],
    ['Housing Help', ['rent', 'eviction', 'shelter', 'lease']],
    ['Health Rides', ['medical', 'pharmacy', 'clinic']],
    ['Utility Aid', ['utility', 'heating', 'electric']],
    ['Legal Clinic', ['legal', 'court']],
    ['School Supplies', ['school', 'supplies']],
    ['Clothing Closet', ['coat', 'boots', 'clothing']],
    ['Front Desk', []],
  ];
  try {
    const ids: string[] = [];
    for (const [index, [name, keywords]] of partners.entries()) {
      const { rows } = await pool.query(
        `INSERT INTO partner (organization_id, name, sla_hours, keywords, is_default)
         VALUES ($1, $2, 48, $3, $4) RETURNING id`,
        [organizationId, name, keywords, index === partners.length - 1],
      );
      ids.push(rows[0].id);
    }
    return ids;
  } finally {
    await pool.end();
  }
}
