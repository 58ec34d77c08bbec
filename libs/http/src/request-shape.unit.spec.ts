import { MAX_JSON_DEPTH, refusedPart } from './request-shape';

/** `levels` nested arrays around 1, built without recursion. */
function nestedArrays(levels: number): unknown {
  return JSON.parse(`${'['.repeat(levels)}1${']'.repeat(levels)}`);
}

describe('refusedPart', () => {
  it('accepts ordinary values and nesting up to the limit', () => {
    expect(refusedPart({ name: 'a', tags: ['x', 1, null], contact: { phone: '+1' } })).toBe(
      undefined,
    );
    expect(refusedPart(nestedArrays(MAX_JSON_DEPTH))).toBeUndefined();
    expect(refusedPart({ a: nestedArrays(MAX_JSON_DEPTH - 1) })).toBeUndefined();
  });

  it('refuses nesting deeper than the limit at any size, without recursion', () => {
    expect(refusedPart({ a: nestedArrays(MAX_JSON_DEPTH) })).toEqual({
      field: `a${'[0]'.repeat(MAX_JSON_DEPTH - 1)}`,
      message: `a${'[0]'.repeat(MAX_JSON_DEPTH - 1)} is nested deeper than 32 levels`,
    });
    expect(refusedPart(nestedArrays(100_000))?.message).toMatch(/nested deeper than 32 levels$/);
  });

  it.each(['__proto__', 'constructor', 'prototype'])('refuses the key %s at any depth', (key) => {
    expect(refusedPart(JSON.parse(`{"${key}":{}}`))).toEqual({
      field: key,
      message: `${key} is not allowed: ${key} is a reserved key`,
    });
    expect(refusedPart(JSON.parse(`{"a":[{"b":{"${key}":1}}]}`))?.field).toBe(`a[0].b.${key}`);
  });

  it('refuses U+0000 in text and keys, naming the first in document order', () => {
    expect(refusedPart({ a: 'ok', b: ['x', 'y\u0000'], c: '\u0000' })?.field).toBe('b[1]');
    expect(refusedPart({ ['k\u0000']: 1 })?.message).toBe('k\u0000 must not contain U+0000');
    expect(refusedPart('\u0000')?.field).toBe('body');
  });
});
