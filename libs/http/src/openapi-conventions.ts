import type { OpenAPIObject, SchemaObject } from '@nestjs/swagger';
import { PROBLEM_CONTENT_TYPE } from './problem-details';

/** The longest value each format's validator accepts (IsUUID, dates, IsDateTime, IsEmail, IsUrl). */
const FORMAT_MAX_LENGTH: Record<string, number> = {
  uuid: 36,
  date: 10,
  'date-time': 35,
  email: 254,
  uri: 2084,
};

/** Every schema object in the document, nested ones included. */
function* schemasIn(node: unknown): Generator<SchemaObject> {
  if (Array.isArray(node)) {
    for (const item of node) yield* schemasIn(item);
  } else if (node && typeof node === 'object') {
    if ('type' in node) yield node as SchemaObject;
    for (const value of Object.values(node)) yield* schemasIn(value);
  }
}

const INT32_MAX = 2_147_483_647;

/** Strings of a format get its length bound; integers bounded within 32 bits say so. */
function boundFormats(document: OpenAPIObject): void {
  for (const schema of schemasIn(document)) {
    const max = schema.type === 'string' && schema.format && FORMAT_MAX_LENGTH[schema.format];
    if (max && schema.maxLength === undefined && !schema.enum) schema.maxLength = max;
    const int32 = schema.type === 'integer' && (schema.maximum ?? Infinity) <= INT32_MAX;
    if (int32 && schema.format === undefined) schema.format = 'int32';
  }
}

/** The value a nullable reference may take besides the referenced schema. */
const NULL_VALUE: SchemaObject = { type: 'object', nullable: true, enum: [null] };

/**
 * OpenAPI 3.0.3's `nullable` adds null to the `type` beside it and nothing else: a nullable enum
 * must list null, and a nullable reference (`allOf` of one `$ref`) must be `anyOf` it or null.
 */
function declareNulls(document: OpenAPIObject): void {
  for (const schema of [...schemasIn(document)]) {
    if (!schema.nullable) continue;
    if (schema.enum && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
    if (schema.allOf?.length === 1 && !schema.properties) {
      const [reference] = schema.allOf;
      delete schema.allOf;
      delete schema.type;
      delete schema.nullable;
      schema.anyOf = [reference, { ...NULL_VALUE }];
    }
  }
}

/** Any operation may fail unexpectedly: a 500 problem details, logged under its X-Request-Id. */
function documentServerErrors(document: OpenAPIObject, problemSchema: string): void {
  for (const path of Object.values(document.paths)) {
    for (const operation of Object.values(path)) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      operation.responses['500'] ??= {
        description: 'Unexpected error; the X-Request-Id header identifies it in the logs',
        content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: problemSchema } } },
      };
    }
  }
}

/** Declares every tag the operations use, sorted. */
function declareTags(document: OpenAPIObject): void {
  const used = Object.values(document.paths).flatMap((path) =>
    Object.values(path).flatMap((operation) =>
      operation && typeof operation === 'object' && 'tags' in operation
        ? (operation.tags as string[])
        : [],
    ),
  );
  document.tags = [...new Set(used)].sort().map((name) => ({ name }));
}

/**
 * Document-wide conventions the decorators do not state per route (checked by Spectral with the
 * OWASP ruleset, `npm run lint:openapi`): format bounds, nullable enums and references, 500
 * responses, declared tags.
 */
export function applyDocumentConventions(document: OpenAPIObject, problemSchema: string): void {
  boundFormats(document);
  declareNulls(document);
  documentServerErrors(document, problemSchema);
  declareTags(document);
}
