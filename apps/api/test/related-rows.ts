import { newReferenceNumber } from '@app/domain';
import type { TestApp } from '@app/testing';

/** Every table a merge touches, for before/after counts in tests. */
export const MERGE_TABLES = [
  'constituent',
  'household',
  'household_match',
  'merge_audit',
  'need',
  'interaction',
];

export async function countRows(
  api: TestApp,
  organizationId: string,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of MERGE_TABLES) {
    const [row] = await api.dataSource.query(
      `SELECT count(*)::int AS n FROM ${table} WHERE organization_id = $1`,
      [organizationId],
    );
    counts[table] = row.n;
  }
  return counts;
}

/** Every row of the merge tables, to show that a failed merge changed nothing. */
export async function snapshotRows(
  api: TestApp,
  organizationId: string,
): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const table of MERGE_TABLES) {
    snapshot[table] = await api.dataSource.query(
      `SELECT to_jsonb(t) AS row FROM ${table} t WHERE organization_id = $1 ORDER BY id`,
      [organizationId],
    );
  }
  return snapshot;
}

export async function insertNeed(
  api: TestApp,
  organizationId: string,
  partnerId: string,
  constituent: { id: string; householdId: string },
): Promise<{ id: string; referenceNumber: string }> {
  const [need] = await api.dataSource.query(
    `INSERT INTO need (organization_id, partner_id, constituent_id, household_id, description, reference_number, sla_hours)
     VALUES ($1, $2, $3, $4, 'Groceries', $5, 24) RETURNING id, reference_number AS "referenceNumber"`,
    [organizationId, partnerId, constituent.id, constituent.householdId, newReferenceNumber('TST')],
  );
  return need;
}

export async function insertInteraction(
  api: TestApp,
  organizationId: string,
  need: { id: string },
  constituentId: string,
): Promise<void> {
  await api.dataSource.query(
    `INSERT INTO interaction (organization_id, need_id, constituent_id, channel, direction, body, status)
     VALUES ($1, $2, $3, 'SMS', 'OUTBOUND', 'Hello', 'SENT')`,
    [organizationId, need.id, constituentId],
  );
}
