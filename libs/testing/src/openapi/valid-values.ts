import fc from 'fast-check';
import { deref, type ApiDocument, type Schema } from './openapi-document';

/** Ids of real rows a uuid field may name (by field name), or undefined for any uuid. */
export type IdSource = (field: string) => readonly string[] | undefined;

const codePoints = (value: string) => [...value].length;

/** The document's description rules out U+0000 in text: PostgreSQL cannot store it. */
export const NUL = '\u0000';

/**
 * Strings of each format the document uses. Dates stay in 1900–2010 (a date of birth may not lie in
 * the future, which a schema cannot say); date-times in a few days of 2030, so that pairs of them
 * (shifts, ranges) often make sense together.
 */
const FORMATS: Record<string, fc.Arbitrary<string>> = {
  uuid: fc.uuid(),
  email: fc
    .tuple(fc.stringMatching(/^[a-z0-9]{1,20}$/), fc.constantFrom('example.org', 'example.com'))
    .map(([local, domain]) => `${local}@${domain}`),
  date: fc
    .date({ min: new Date('1900-01-01'), max: new Date('2010-12-31'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10)),
  'date-time': fc
    .date({ min: new Date('2030-01-01'), max: new Date('2030-01-04'), noInvalidDate: true })
    .map((date) => date.toISOString()),
  hostname: fc.stringMatching(/^[a-z0-9]{1,20}$/).map((label) => `${label}.example.org`),
  uri: fc.stringMatching(/^[a-z0-9-]{1,20}$/).map((path) => `https://example.org/${path}`),
  e164: fc.integer({ min: 0, max: 9999 }).map((n) => `+1202555${String(n).padStart(4, '0')}`),
  'iana-time-zone': fc.constantFrom('UTC', 'America/Chicago', 'Europe/Berlin', 'Asia/Tokyo'),
};

function stringValue(schema: Schema, ids: IdSource, field: string): fc.Arbitrary<string> {
  const known = schema.format === 'uuid' ? ids(field) : undefined;
  if (known?.length) {
    return fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 4 }, fc.uuid());
  }
  const base =
    (schema.format && FORMATS[schema.format]) ||
    (schema.pattern
      ? fc.stringMatching(new RegExp(schema.pattern, 'u'))
      : fc.string({ unit: 'binary', minLength: schema.minLength, maxLength: schema.maxLength }));
  return base.filter(
    (value) =>
      !value.includes(NUL) &&
      codePoints(value) >= (schema.minLength ?? 0) &&
      codePoints(value) <= (schema.maxLength ?? Infinity),
  );
}

function objectValue(
  document: ApiDocument,
  schema: Schema,
  ids: IdSource,
): fc.Arbitrary<Record<string, unknown>> {
  if (!schema.properties) {
    return fc.dictionary(fc.string({ maxLength: 20 }), fc.jsonValue({ maxDepth: 2 }), {
      maxKeys: 5,
    });
  }
  const model = Object.fromEntries(
    Object.entries(schema.properties)
      .filter(([, property]) => !property.readOnly)
      .map(([name, property]) => [name, validValue(document, property, ids, name)]),
  );
  return fc.record(model, { requiredKeys: schema.required ?? [] });
}

function nonNullValue(
  document: ApiDocument,
  schema: Schema,
  ids: IdSource,
  field: string,
): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum.filter((value) => value !== null));
  switch (schema.type) {
    case 'string':
      return stringValue(schema, ids, field);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -(2 ** 31), max: schema.maximum ?? 2 ** 31 - 1 });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = validValue(document, schema.items ?? {}, ids, field);
      const size = { minLength: schema.minItems, maxLength: Math.min(schema.maxItems ?? 5, 5) };
      return schema.uniqueItems
        ? fc.uniqueArray(items, { ...size, selector: (item) => JSON.stringify(item) })
        : fc.array(items, size);
    }
    default:
      return schema.type === 'object' || schema.properties
        ? objectValue(document, schema, ids)
        : fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values valid against `schema`; uuid fields prefer the real rows `ids` names for them. */
export function validValue(
  document: ApiDocument,
  schema: Schema,
  ids: IdSource,
  field = '',
): fc.Arbitrary<unknown> {
  const resolved = deref(document, schema);
  const value = nonNullValue(document, resolved, ids, field);
  return resolved.nullable ? fc.option(value, { nil: null, freq: 6 }) : value;
}
