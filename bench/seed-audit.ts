import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { chainHash, GENESIS_HASH } from '../libs/domain/src/audit/audit-chain';

/** Entries per INSERT; up to INSERTS_IN_FLIGHT of them run at once while the next are hashed. */
const BATCH = 20_000;
const INSERTS_IN_FLIGHT = 3;

const KINDS = [
  { action: 'constituent.read', subjectType: 'constituent', details: {} },
  { action: 'constituent.update', subjectType: 'constituent', details: { fields: ['lastName'] } },
  { action: 'constituent.search', subjectType: 'constituent', details: { kind: 'name' } },
  { action: 'need.read', subjectType: 'need', details: {} },
  { action: 'auth.login', subjectType: 'member', details: { method: 'password' } },
] as const;

const INSERT = `
  INSERT INTO audit_event (organization_id, sequence, id, at, actor_type, actor_id, action,
                           subject_type, subject_id, request_id, client_ip, details, hash)
  SELECT $1, e.sequence, e.id, e.at, 'MEMBER', e.actor_id, e.action, e.subject_type, e.subject_id,
         e.request_id, e.client_ip, e.details, e.hash
    FROM unnest($2::bigint[], $3::uuid[], $4::timestamptz[], $5::uuid[], $6::text[], $7::text[],
                $8::uuid[], $9::text[], $10::text[], $11::jsonb[], $12::text[])
      AS e (sequence, id, at, actor_id, action, subject_type, subject_id, request_id, client_ip,
            details, hash)`;

/** Entry `sequence` of the seeded chain, without its hash: one a millisecond, ending now. */
function entryNumber(sequence: number, count: number, actors: string[]) {
  const kind = KINDS[sequence % KINDS.length];
  const details =
    kind.action === 'constituent.search'
      ? { ...kind.details, resultCount: sequence % 7 }
      : kind.details;
  return {
    id: randomUUID(),
    sequence,
    at: new Date(Date.now() - (count - sequence)).toISOString(),
    actorType: 'MEMBER',
    actorId: actors[sequence % actors.length],
    action: kind.action,
    subjectType: kind.subjectType,
    subjectId: randomUUID(),
    requestId: randomUUID(),
    clientIp: `10.0.${sequence % 250}.${sequence % 200}`,
    details,
  };
}

/**
 * `count` audit entries of one organization, chained exactly as the service chains them, and its
 * chain head: what GET /api/audit-events/verify then recomputes. Needs the tables' owner.
 */
export async function seedAuditChain(
  pool: Pool,
  organizationId: string,
  count: number,
): Promise<void> {
  const actors = Array.from({ length: 25 }, () => randomUUID());
  const inFlight: Promise<unknown>[] = [];
  let previous = GENESIS_HASH;
  for (let first = 1; first <= count; first += BATCH) {
    const size = Math.min(BATCH, count - first + 1);
    const rows = Array.from({ length: size }, (_, index) => {
      const entry = entryNumber(first + index, count, actors);
      previous = chainHash(previous, entry);
      return { ...entry, hash: previous };
    });
    const column = (pick: (row: (typeof rows)[number]) => unknown) => rows.map(pick);
    const insert = pool.query(INSERT, [
      organizationId,
      column((row) => row.sequence),
      column((row) => row.id),
      column((row) => row.at),
      column((row) => row.actorId),
      column((row) => row.action),
      column((row) => row.subjectType),
      column((row) => row.subjectId),
      column((row) => row.requestId),
      column((row) => row.clientIp),
      column((row) => JSON.stringify(row.details)),
      column((row) => row.hash),
    ]);
    inFlight.push(insert);
    if (inFlight.length >= INSERTS_IN_FLIGHT) await inFlight.shift();
  }
  await Promise.all(inFlight);
  await pool.query(
    `INSERT INTO audit_chain_head (organization_id, last_sequence, last_hash) VALUES ($1, $2, $3)`,
    [organizationId, count, previous],
  );
  await pool.query('VACUUM ANALYZE audit_event');
}
