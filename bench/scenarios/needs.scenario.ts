import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { createBenchOrganization, createBenchPartners } from '../bench-organization';
import { measure, ScenarioResult } from '../measure';
import { startReferenceServer } from '../reference';
import { seedNeeds } from '../seed-needs';
import { accessToken } from './access-token';
import type { BenchContext } from './context';

/** Needs of the freshly filled organization: a few weeks of a busy one's intake. */
const FRESH_NEEDS = 20_000;

export const DESCRIPTIONS = [
  'Family of four needs groceries this week',
  'Behind on rent, eviction hearing on Monday',
  'Needs a ride to a medical appointment',
  'Heating broke down and no money for repair',
  'Looking for a winter coat and boots',
];

/**
 * Public intake (keyword routing, a fresh Idempotency-Key per request) beside a plain node:http +
 * pg server doing one INSERT per request; both at 50 connections.
 */
export async function publicIntakeScenarios(context: BenchContext): Promise<ScenarioResult[]> {
  let sequence = 0;
  const intake = await measure('POST /api/needs/public', {
    url: `${context.baseUrl}/api/needs/public`,
    method: 'POST',
    setupRequest: (request) => ({
      ...request,
      headers: { ...request.headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        organizationId: context.organizationId,
        description: DESCRIPTIONS[sequence++ % DESCRIPTIONS.length],
      }),
    }),
  });
  const reference = await startReferenceServer(
    'insert',
    context.databaseUrl,
    context.organizationId,
    3998,
  );
  try {
    const insert = await measure('reference: node:http + pg INSERT', {
      url: reference.url,
      method: 'POST',
      body: JSON.stringify({ description: DESCRIPTIONS[0] }),
    });
    return [withRatio(intake, insert), insert];
  } finally {
    await reference.stop();
  }
}

/** GET /api/needs (50 rows) as the organization's admin beside a plain node:http + pg SELECT of 50. */
async function needsList(
  label: string,
  context: BenchContext,
  organization: { organizationId: string; token: string },
): Promise<ScenarioResult[]> {
  const list = await measure(`GET /api/needs?limit=50 (${label})`, {
    url: `${context.baseUrl}/api/needs?limit=50`,
    headers: { authorization: `Bearer ${organization.token}` },
  });
  const reference = await startReferenceServer(
    'select',
    context.databaseUrl,
    organization.organizationId,
    3997,
  );
  try {
    const select = await measure(`reference: node:http + pg SELECT 50 (${label})`, {
      url: reference.url,
    });
    return [withRatio(list, select), select];
  } finally {
    await reference.stop();
  }
}

/**
 * An organization whose FRESH_NEEDS needs were just written, as a new organization's are: the
 * table's statistics do not know it yet (no ANALYZE since).
 */
async function freshOrganization(context: BenchContext) {
  const organization = await createBenchOrganization(context.databaseUrl);
  const partners = await createBenchPartners(context.databaseUrl, organization.organizationId);
  const pool = new Pool({ connectionString: context.databaseUrl, max: 1 });
  try {
    await seedNeeds(pool, organization.organizationId, partners, FRESH_NEEDS);
  } finally {
    await pool.end();
  }
  const token = await accessToken(
    context.baseUrl,
    organization.adminEmail,
    organization.adminPassword,
  );
  return { organizationId: organization.organizationId, token };
}

/** The list of the context's organization (1M needs when seeded), and of a freshly filled one. */
export async function needsListScenarios(context: BenchContext): Promise<ScenarioResult[]> {
  const seeded = { organizationId: context.organizationId, token: context.adminToken };
  return [
    ...(await needsList('seeded', context, seeded)),
    ...(await needsList('fresh, not analyzed', context, await freshOrganization(context))),
  ];
}

function withRatio(scenario: ScenarioResult, reference: ScenarioResult): ScenarioResult {
  return { ...scenario, ratio: scenario.requestsPerSecond / reference.requestsPerSecond };
}
