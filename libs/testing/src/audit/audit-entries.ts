import { createHash } from 'node:crypto';
import type { TestApp } from '../test-app';

/** An audit entry as the API returns it, read straight from the table (the system role's). */
export interface StoredAuditEntry {
  id: string;
  sequence: number;
  at: string;
  actorType: string;
  actorId: string | null;
  action: string;
  subjectType: string;
  subjectId: string | null;
  requestId: string | null;
  clientIp: string | null;
  details: Record<string, unknown>;
  hash: string;
}

/** The organization's audit entries in sequence order, optionally of some actions only. */
export async function auditEntries(
  app: TestApp,
  organizationId: string,
  actions?: string[],
): Promise<StoredAuditEntry[]> {
  const rows: (Omit<StoredAuditEntry, 'sequence' | 'at'> & { sequence: string; at: Date })[] =
    await app.dataSource.query(
      `SELECT id, sequence, at, actor_type AS "actorType", actor_id AS "actorId", action,
              subject_type AS "subjectType", subject_id AS "subjectId", request_id AS "requestId",
              client_ip AS "clientIp", details, hash
         FROM audit_event
        WHERE organization_id = $1 AND ($2::text[] IS NULL OR action = ANY ($2))
        ORDER BY sequence`,
      [organizationId, actions ?? null],
    );
  return rows.map((row) => ({ ...row, sequence: Number(row.sequence), at: row.at.toISOString() }));
}

/**
 * The test's own reading of the hash recipe, written apart from the service's code: keys sorted at
 * every depth, no whitespace, strings as JSON.stringify writes them.
 */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Recomputes a chain from its entries (all of one organization, in sequence order): the hash each
 * entry should carry, chained from 64 zeros.
 */
export function recomputedHashes(entries: readonly StoredAuditEntry[]): string[] {
  let previous = '0'.repeat(64);
  return entries.map(({ hash: _stored, ...entry }) => {
    previous = createHash('sha256')
      .update(`${previous}\n${canonical(entry)}`)
      .digest('hex');
    return previous;
  });
}
