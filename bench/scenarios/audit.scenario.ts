import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import {
  type BenchOrganization,
  createBenchOrganization,
  seededOrganization,
} from '../bench-organization';
import { measure, ScenarioResult } from '../measure';
import { seedAuditChain } from '../seed-audit';
import { accessToken } from './access-token';
import type { BenchContext } from './context';

/** The organization of the long chain, seeded once and kept between runs. */
const AUDIT_SLUG = 'bench-audit';
const AUDIT_ENTRIES = 1_000_000;
const VERIFY_BUDGET_SECONDS = 30;

/**
 * The access audit log's costs: GET /api/constituents/{id} by an org_admin (each read appends a
 * constituent.read entry before answering), and GET /api/audit-events/verify over an organization
 * of 1M entries, which must answer within 30 s.
 */
export async function auditScenarios(context: BenchContext): Promise<ScenarioResult[]> {
  const pool = new Pool({ connectionString: context.databaseUrl, max: 4 });
  try {
    return [await constituentRead(context), await verifyLongChain(context, pool)];
  } finally {
    await pool.end();
  }
}

async function constituentRead(context: BenchContext): Promise<ScenarioResult> {
  const created = await fetch(`${context.baseUrl}/api/constituents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${context.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Bench', lastName: 'Reader', email: 'reader@example.org' }),
  });
  if (!created.ok) throw new Error(`bench constituent not created: ${created.status}`);
  const { id } = (await created.json()) as { id: string };
  return measure('GET /api/constituents/{id} (audited read)', {
    url: `${context.baseUrl}/api/constituents/${id}`,
    headers: { authorization: `Bearer ${context.adminToken}` },
  });
}

/** The organization with the 1M-entry chain, seeded now when it is missing or shorter. */
async function longChainOrganization(
  context: BenchContext,
  pool: Pool,
): Promise<BenchOrganization> {
  const found = await seededOrganization(context.databaseUrl, AUDIT_SLUG);
  const { rows } = await pool.query<{ entries: string }>(
    `SELECT last_sequence AS entries FROM audit_chain_head WHERE organization_id = $1`,
    [found?.organizationId ?? null],
  );
  if (found && Number(rows[0]?.entries ?? 0) >= AUDIT_ENTRIES) return found;
  await pool.query('DELETE FROM organization WHERE slug = $1', [AUDIT_SLUG]);
  const organization = await createBenchOrganization(context.databaseUrl, AUDIT_SLUG);
  const started = performance.now();
  await seedAuditChain(pool, organization.organizationId, AUDIT_ENTRIES);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${AUDIT_ENTRIES} audit entries seeded in ${seconds} s`);
  return organization;
}

/** One verification of the whole chain, timed; fails the run when it breaks or is too slow. */
async function verifyLongChain(context: BenchContext, pool: Pool): Promise<ScenarioResult> {
  const organization = await longChainOrganization(context, pool);
  const token = await accessToken(
    context.baseUrl,
    organization.adminEmail,
    organization.adminPassword,
  );
  const started = performance.now();
  const response = await fetch(`${context.baseUrl}/api/audit-events/verify`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const result = (await response.json()) as { verified: boolean; entries: number };
  const milliseconds = Math.round(performance.now() - started);
  console.log(
    `GET /api/audit-events/verify: ${result.entries} entries in ${(milliseconds / 1000).toFixed(1)} s, verified=${result.verified}`,
  );
  if (!response.ok || !result.verified || milliseconds > VERIFY_BUDGET_SECONDS * 1000) {
    throw new Error(`verify of ${result.entries} entries: ${response.status}, ${milliseconds} ms`);
  }
  return {
    name: `GET /api/audit-events/verify (${result.entries} entries)`,
    requestsPerSecond: 0,
    p50: milliseconds,
    p99: milliseconds,
    errors: 0,
    non2xx: 0,
  };
}
