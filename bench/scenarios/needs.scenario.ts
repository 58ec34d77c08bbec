import { randomUUID } from 'node:crypto';
import { measure, ScenarioResult } from '../measure';
import { startReferenceServer } from '../reference';
import type { BenchContext } from './context';

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

/** GET /api/needs (50 rows) as org_admin beside a plain node:http + pg SELECT of 50 needs. */
export async function needsListScenarios(context: BenchContext): Promise<ScenarioResult[]> {
  const list = await measure('GET /api/needs?limit=50', {
    url: `${context.baseUrl}/api/needs?limit=50`,
    headers: { authorization: `Bearer ${context.adminToken}` },
  });
  const reference = await startReferenceServer(
    'select',
    context.databaseUrl,
    context.organizationId,
    3997,
  );
  try {
    const select = await measure('reference: node:http + pg SELECT 50', { url: reference.url });
    return [withRatio(list, select), select];
  } finally {
    await reference.stop();
  }
}

function withRatio(scenario: ScenarioResult, reference: ScenarioResult): ScenarioResult {
  return { ...scenario, ratio: scenario.requestsPerSecond / reference.requestsPerSecond };
}
