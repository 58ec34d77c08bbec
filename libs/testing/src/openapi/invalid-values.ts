import fc from 'fast-check';
import { deref, type ApiDocument, type Schema } from './openapi-document';
import { NUL } from './valid-values';

const WRONG_TYPES: Record<string, unknown[]> = {
  string: [12345, true, {}, ['x'], `a${NUL}b`],
  integer: ['abc', true, 1.5, {}],
  number: ['abc', true, {}],
  boolean: ['yes', 0, 'true'],
  array: ['x', {}, 7],
  object: ['x', 1, []],
};

const BAD_FORMATS: Record<string, string[]> = {
  uuid: ['not-a-uuid', '123e4567-e89b-12d3-a456-42661417400', "1' OR '1'='1"],
  email: ['not-an-email', 'a@', '@example.org'],
  date: ['2021-02-30', '01/02/2020', '2021-1-1'],
  'date-time': ['2021-13-01T00:00:00Z', '2021-01-01 10:00', 'yesterday'],
  uri: ['not a url', '//no-scheme'],
  e164: ['12345', '+1 (nope)', '+0000000000'],
  'iana-time-zone': ['Mars/Olympus', 'UTC+25'],
};

/** Values that break one rule of `schema` (a few may not: the validator has the last word). */
export function invalidValues(document: ApiDocument, schema: Schema): unknown[] {
  const s = deref(document, schema);
  const values: unknown[] = [...(WRONG_TYPES[s.type ?? 'object'] ?? [])];
  if (!s.nullable) values.push(null);
  if (s.enum) values.push('NOT_A_MEMBER', String(s.enum[0]).toLowerCase(), ` ${s.enum[0]}`);
  if (s.format) values.push(...(BAD_FORMATS[s.format] ?? []));
  if (s.pattern) values.push('', '!', ' ', 'a b');
  if (s.maxLength !== undefined) values.push('x'.repeat(s.maxLength + 1));
  if (s.minLength) values.push('x'.repeat(s.minLength - 1));
  if (s.minimum !== undefined) values.push(s.minimum - 1);
  if (s.maximum !== undefined) values.push(s.maximum + 1);
  if (s.maxItems !== undefined) values.push(Array(s.maxItems + 1).fill(s.items?.enum?.[0] ?? 'x'));
  if (s.items) values.push(...invalidValues(document, s.items).map((item) => [item]));
  if (s.uniqueItems && s.items?.enum) values.push([s.items.enum[0], s.items.enum[0]]);
  return values;
}

function without(object: Record<string, unknown>, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([name]) => name !== key));
}

/** `valid` with one property broken, one required property left out, or one unknown added. */
function brokenObject(
  document: ApiDocument,
  schema: Schema,
  valid: Record<string, unknown>,
): fc.Arbitrary<unknown> {
  const properties = Object.keys(schema.properties ?? {});
  const broken: fc.Arbitrary<unknown>[] = [fc.constant({ ...valid, unexpectedField: 'x' })];
  if (properties.length) {
    broken.push(
      fc.constantFrom(...properties).chain((name) => {
        const property = deref(document, schema.properties![name]);
        const nested = valid[name];
        const values = fc.constantFrom(...invalidValues(document, property));
        const inner =
          property.properties && nested && typeof nested === 'object'
            ? fc.oneof(values, brokenObject(document, property, nested as Record<string, unknown>))
            : values;
        return inner.map((value) => ({ ...valid, [name]: value }));
      }),
    );
  }
  if (schema.required?.length) {
    broken.push(fc.constantFrom(...schema.required).map((name) => without(valid, name)));
  }
  return fc.oneof(...broken);
}

/** The deepest JSON the API takes (the body itself is level 1). */
export const MAX_JSON_DEPTH = 32;

/** Keys the API refuses at any depth rather than drop: JavaScript's prototype machinery. */
export const RESERVED_KEYS = ['__proto__', 'constructor', 'prototype'];

/** `levels` nested arrays or objects around 1, built without recursion. */
function nested(levels: number, inArrays: boolean): unknown {
  let value: unknown = 1;
  for (let level = 0; level < levels; level += 1) value = inArrays ? [value] : { a: value };
  return value;
}

/** A copy of `object` with `key` as an own property, even `__proto__` (as JSON.parse makes it). */
function withKey(object: Record<string, unknown>, key: string, value: unknown) {
  const copy = { ...object };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** Where free JSON may go in a body: its free-form object properties, or else a key of its own. */
function freeFormKeys(document: ApiDocument, schema: Schema): string[] {
  const free = Object.entries(schema.properties ?? {})
    .filter(([, property]) => {
      const resolved = deref(document, property);
      return resolved.type === 'object' && !resolved.properties;
    })
    .map(([name]) => name);
  return free.length ? free : ['extra'];
}

/**
 * `valid` with free JSON nested from just within the depth limit to far beyond it, or with a
 * reserved key at the top or inside free JSON (the validator and the walk in `faults` decide which
 * of them break the request).
 */
function hostileBody(
  document: ApiDocument,
  schema: Schema,
  valid: Record<string, unknown>,
): fc.Arbitrary<unknown> {
  const keys = fc.constantFrom(...freeFormKeys(document, schema));
  const deep = fc
    .tuple(keys, fc.integer({ min: MAX_JSON_DEPTH - 2, max: 3_000 }), fc.boolean())
    .map(([key, levels, inArrays]) => ({ ...valid, [key]: nested(levels, inArrays) }));
  const reserved = fc
    .tuple(fc.constantFrom(...RESERVED_KEYS), fc.option(keys, { nil: undefined }))
    .map(([key, inside]) =>
      inside === undefined
        ? withKey(valid, key, { isConfidential: true })
        : { ...valid, [inside]: withKey({ size: 4 }, key, { polluted: true }) },
    );
  return fc.oneof(deep, reserved);
}

/** Request bodies that break `schema`: not an object at all, or a valid one with one fault. */
export function invalidBody(
  document: ApiDocument,
  schema: Schema,
  valid: fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> {
  const notAnObject = fc.constantFrom<unknown>([], 'text', 42, null, true);
  if (!schema.properties) return notAnObject;
  return fc.oneof(
    notAnObject,
    valid.chain((body) => brokenObject(document, schema, body as Record<string, unknown>)),
    valid.chain((body) => hostileBody(document, schema, body as Record<string, unknown>)),
  );
}
