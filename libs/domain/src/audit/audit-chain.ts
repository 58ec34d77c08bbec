import { hash } from 'node:crypto';

/** The "previous hash" of an organization's first audit entry: 64 zeros. */
export const GENESIS_HASH = '0'.repeat(64);

/** An audit entry as the API returns it, without its hash: what the hash covers. */
export interface ChainedEntry {
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
  details: object;
}

/**
 * JSON with the keys of every object sorted (by UTF-16 code units, as Array.prototype.sort does),
 * no whitespace, and every string and number written as JSON.stringify writes it. Keys whose value
 * is undefined are left out, as JSON.stringify leaves them out.
 */
export function canonicalJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) {
    let items = '';
    for (const item of value as unknown[]) {
      items += `${items === '' ? '' : ','}${canonicalJson(item ?? null)}`;
    }
    return `[${items}]`;
  }
  const record = value as Record<string, unknown>;
  let members = '';
  for (const key of Object.keys(record).sort()) {
    if (record[key] === undefined) continue;
    members += `${members === '' ? '' : ','}${JSON.stringify(key)}:${canonicalJson(record[key])}`;
  }
  return `{${members}}`;
}

/**
 * `canonicalJson(entry)`, with the entry's own fields written by JSON.stringify in their sorted
 * order and only `details` sorted at run time: verifying a long chain spends most of its time here.
 */
export function canonicalEntryJson(entry: ChainedEntry): string {
  const before = JSON.stringify({
    action: entry.action,
    actorId: entry.actorId,
    actorType: entry.actorType,
    at: entry.at,
    clientIp: entry.clientIp,
  });
  const after = JSON.stringify({
    id: entry.id,
    requestId: entry.requestId,
    sequence: entry.sequence,
    subjectId: entry.subjectId,
    subjectType: entry.subjectType,
  });
  return `${before.slice(0, -1)},"details":${canonicalJson(entry.details)},${after.slice(1)}`;
}

/**
 * An audit entry's hash: the lowercase hex SHA-256 of the previous entry's hash, a newline, then the
 * canonical JSON of the entry as the API returns it without its `hash` (docs/AUDIT.md).
 */
export function chainHash(previousHash: string, entry: ChainedEntry): string {
  return hash('sha256', `${previousHash}\n${canonicalEntryJson(entry)}`);
}
