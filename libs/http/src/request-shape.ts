import type { FieldError } from '@assist/contracts';

/** The deepest nesting of arrays and objects a request may send; the body itself is level 1. */
export const MAX_JSON_DEPTH = 32;

/** Keys naming JavaScript's prototype machinery: refused, never silently dropped. */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const NUL = '\u0000';

interface Visit {
  value: unknown;
  path: string;
  level: number;
}

function refusal(path: string, why: string): FieldError {
  const field = path || 'body';
  return { field, message: `${field} ${why}` };
}

/**
 * The first part of a parsed body or query that no route accepts: text holding U+0000 (which
 * PostgreSQL text cannot store), nesting deeper than MAX_JSON_DEPTH, or a reserved key. Walks with
 * its own stack, so no nesting can overflow the call stack, and stops at the depth limit.
 */
export function refusedPart(value: unknown): FieldError | undefined {
  const pending: Visit[] = [{ value, path: '', level: 1 }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value: current, path, level } = visit;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return refusal(path, 'must not contain U+0000');
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (level > MAX_JSON_DEPTH) {
      return refusal(path, `is nested deeper than ${MAX_JSON_DEPTH} levels`);
    }
    const isArray = Array.isArray(current);
    const children: Visit[] = [];
    for (const [key, item] of Object.entries(current)) {
      const field = isArray ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      if (key.includes(NUL)) return refusal(field, 'must not contain U+0000');
      if (!isArray && RESERVED_KEYS.has(key)) {
        return refusal(field, `is not allowed: ${key} is a reserved key`);
      }
      children.push({ value: item, path: field, level: level + 1 });
    }
    // In document order: the first child is visited next.
    for (let i = children.length - 1; i >= 0; i -= 1) pending.push(children[i]);
  }
  return undefined;
}
