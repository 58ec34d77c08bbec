import fc from 'fast-check';
import { invalidBody, invalidValues, MAX_JSON_DEPTH, RESERVED_KEYS } from './invalid-values';
import {
  type ApiDocument,
  type Operation,
  type Parameter,
  parametersIn,
  requestBodySchema,
  type Schema,
} from './openapi-document';
import type { SchemaValidator } from './schema-validator';
import { type IdSource, NUL, validValue } from './valid-values';

export interface FuzzContext {
  document: ApiDocument;
  validator: SchemaValidator;
  /** Real rows a uuid field of a body or query may name, by field name. */
  ids: IdSource;
  /** Real rows the `{id}` of a path may name. */
  pathIds(path: string): readonly string[];
  /** Query parameters only the server can fill in (opaque cursors): left out of valid requests. */
  issued: readonly string[];
}

export interface FuzzRequest {
  url: string;
  /** Sent as JSON when defined. */
  body?: unknown;
  /** The parts that break the document (none: a valid request). */
  faults: string[];
}

type Query = Record<string, string[]>;
type Part = 'path' | 'query' | 'body';

const NOT_UUIDS = fc.oneof(
  fc.constantFrom('not-a-uuid', '123', '00000000-0000-0000-0000-00000000000g', "1' OR 1=1", '%'),
  fc
    .string({ unit: 'binary', minLength: 1, maxLength: 40 })
    .filter((id) => id !== '.' && id !== '..'),
);

interface JsonNode {
  value: unknown;
  key?: string;
  /** Arrays and objects around the value. */
  level: number;
  inArray: boolean;
}

/** Every value of a JSON value with its key, walked with a stack of its own (any depth). */
function* jsonNodes(root: unknown): Generator<JsonNode> {
  const pending: JsonNode[] = [{ value: root, level: 0, inArray: false }];
  for (let node = pending.pop(); node; node = pending.pop()) {
    yield node;
    const { value, level } = node;
    if (typeof value !== 'object' || value === null) continue;
    const inArray = Array.isArray(value);
    for (const [key, item] of Object.entries(value)) {
      pending.push({ value: item, key, level: level + 1, inArray });
    }
  }
}

function holdsNul(value: unknown): boolean {
  for (const node of jsonNodes(value)) {
    if (node.key?.includes(NUL) || (typeof node.value === 'string' && node.value.includes(NUL))) {
      return true;
    }
  }
  return false;
}

/** How many arrays and objects deep a JSON value nests (a scalar: 0). */
function depthOf(value: unknown): number {
  let depth = 0;
  for (const node of jsonNodes(value)) {
    if (typeof node.value === 'object' && node.value !== null) {
      depth = Math.max(depth, node.level + 1);
    }
  }
  return depth;
}

function holdsReservedKey(value: unknown): boolean {
  for (const node of jsonNodes(value)) {
    if (node.key !== undefined && !node.inArray && RESERVED_KEYS.includes(node.key)) return true;
  }
  return false;
}

function asStrings(value: unknown): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map((item) => asStrings(item).join(','));
  return [typeof value === 'object' ? JSON.stringify(value) : String(value)];
}

/** A query value as the server reads it: numbers and booleans from their text, arrays repeated. */
function fromQuery(schema: Schema, raw: string[]): unknown {
  if (schema.type === 'array') return raw.map((item) => fromQuery(schema.items ?? {}, [item]));
  if (raw.length !== 1) return raw;
  const [text] = raw;
  if ((schema.type === 'integer' || schema.type === 'number') && /^-?\d+(\.\d+)?$/.test(text)) {
    return Number(text);
  }
  if (schema.type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

function queryArbitrary(
  context: FuzzContext,
  parameters: Parameter[],
  broken: boolean,
): fc.Arbitrary<Query> {
  const valid = fc.record(
    Object.fromEntries(
      parameters.map((p) => [
        p.name,
        validValue(context.document, p.schema, context.ids, p.name).map(asStrings),
      ]),
    ),
    { requiredKeys: parameters.filter((p) => p.required).map((p) => p.name) },
  ) as fc.Arbitrary<Query>;
  if (!broken || parameters.length === 0) return valid;
  return fc
    .tuple(valid, fc.constantFrom(...parameters))
    .chain(([query, parameter]) =>
      fc
        .constantFrom(...invalidValues(context.document, parameter.schema))
        .map((value) => ({ ...query, [parameter.name]: asStrings(value) })),
    );
}

function faultsOf(
  context: FuzzContext,
  operation: Operation,
  id: string | undefined,
  query: Query,
  body: unknown,
): string[] {
  const faults: string[] = [];
  const [pathParameter] = parametersIn(operation, 'path');
  if (pathParameter && !context.validator.isValid(pathParameter.schema, id)) faults.push('path id');
  for (const parameter of parametersIn(operation, 'query')) {
    const raw = query[parameter.name];
    const fault = raw
      ? !context.validator.isValid(parameter.schema, fromQuery(parameter.schema, raw))
      : parameter.required;
    if (fault) faults.push(`query ${parameter.name}`);
  }
  const schema = requestBodySchema(context.document, operation);
  if (schema && !context.validator.isValid(schema, body)) faults.push('body');
  if (holdsNul([query, body])) faults.push('text with U+0000');
  if (depthOf(body) > MAX_JSON_DEPTH) faults.push(`JSON nested deeper than ${MAX_JSON_DEPTH}`);
  if (holdsReservedKey(body)) faults.push('a reserved key');
  return faults;
}

function buildUrl(operation: Operation, id: string | undefined, query: Query): string {
  const path =
    id === undefined ? operation.path : operation.path.replace(/\{\w+\}/, encodeURIComponent(id));
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([name, values]) =>
      values.map((value): [string, string] => [name, value]),
    ),
  ).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Requests for one operation: mostly valid ones (real ids, values of the documented schemas), and
 * ones with a single broken part (a non-UUID id, a bad query value, a faulty body). Whether a
 * request is valid is decided afterwards by the validator, not by how it was made.
 */
export function fuzzRequests(
  context: FuzzContext,
  operation: Operation,
): fc.Arbitrary<FuzzRequest> {
  const query = parametersIn(operation, 'query');
  const fillable = query.filter((parameter) => !context.issued.includes(parameter.name));
  const schema = requestBodySchema(context.document, operation);
  const known = context.pathIds(operation.path);
  const validId = known.length
    ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 4 }, fc.uuid())
    : fc.uuid();
  const hasId = parametersIn(operation, 'path').length > 0;
  const validBody = schema ? validValue(context.document, schema, context.ids) : undefined;
  const valid = {
    path: hasId ? validId : fc.constant(undefined),
    query: queryArbitrary(context, fillable, false),
    body: validBody ?? fc.constant(undefined),
  };
  const broken: Partial<Record<Part, fc.Arbitrary<unknown>>> = {
    ...(hasId ? { path: NOT_UUIDS } : {}),
    ...(query.length ? { query: queryArbitrary(context, query, true) } : {}),
    ...(schema && validBody ? { body: invalidBody(context.document, schema, validBody) } : {}),
  };
  const parts = Object.keys(broken) as Part[];
  const choice = fc.oneof(
    { arbitrary: fc.constant<Part | null>(null), weight: parts.length || 1 },
    ...parts.map((part) => fc.constant<Part | null>(part)),
  );
  return choice.chain((part) =>
    fc
      .tuple(
        (part === 'path' ? broken.path : valid.path) as fc.Arbitrary<string | undefined>,
        (part === 'query' ? broken.query : valid.query) as fc.Arbitrary<Query>,
        part === 'body' ? broken.body! : valid.body,
      )
      .map(([id, search, body]) => ({
        url: buildUrl(operation, id, search),
        body,
        faults: faultsOf(context, operation, id, search, body),
      })),
  );
}
