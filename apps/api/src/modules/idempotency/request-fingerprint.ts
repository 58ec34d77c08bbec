import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level, so key order does not change the fingerprint. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of a request's canonical JSON: equal for the same request, whatever its key order. */
export function requestFingerprint(request: unknown): Buffer {
  return createHash('sha256').update(canonicalJson(request)).digest();
}
