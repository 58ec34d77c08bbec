import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { ApiDocument, Schema } from './openapi-document';

const DOCUMENT_ID = 'openapi.json';
type JsonSchema = Record<string, unknown>;

/** Formats the document uses beyond JSON Schema's own. */
export const CUSTOM_FORMATS = {
  e164: /^\+[1-9]\d{7,14}$/,
  'iana-time-zone': (value: string) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  },
};

/**
 * OpenAPI 3.0 to JSON Schema: `example` goes, references point into the registered document, and
 * every object that lists its properties and says nothing of others is closed (additionalProperties
 * false): a key the document does not name is an error. `nullable` stays, with OpenAPI 3.0.3's
 * meaning (ajv's own keyword): it adds null to the `type` beside it and nothing else, so an `enum`
 * without null, or an `allOf` or `$ref` beside it, still refuses null.
 */
function toJsonSchema(schema: Schema): JsonSchema {
  const rest = { ...schema } as Schema & { example?: unknown };
  delete rest.example;
  const converted: JsonSchema = { ...rest };
  if (rest.$ref)
    converted.$ref = rest.$ref.replace('#/components/schemas/', `${DOCUMENT_ID}#/definitions/`);
  if (rest.properties) {
    converted.properties = Object.fromEntries(
      Object.entries(rest.properties).map(([name, property]) => [name, toJsonSchema(property)]),
    );
    converted.additionalProperties ??= false;
  }
  if (rest.items) converted.items = toJsonSchema(rest.items);
  if (rest.allOf) converted.allOf = rest.allOf.map(toJsonSchema);
  if (rest.anyOf) converted.anyOf = rest.anyOf.map(toJsonSchema);
  if (typeof rest.additionalProperties === 'object') {
    converted.additionalProperties = toJsonSchema(rest.additionalProperties);
  }
  return converted;
}

/** Validates values against schemas of one OpenAPI document with ajv. */
export class SchemaValidator {
  private readonly ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
  private readonly compiled = new WeakMap<Schema, ValidateFunction>();

  constructor(document: ApiDocument) {
    addFormats(this.ajv);
    for (const [name, format] of Object.entries(CUSTOM_FORMATS)) this.ajv.addFormat(name, format);
    const schemas = Object.fromEntries(
      Object.entries(document.components.schemas).map(([name, schema]) => [
        name,
        toJsonSchema(schema),
      ]),
    );
    this.ajv.addSchema({ definitions: schemas }, DOCUMENT_ID);
  }

  /** What is wrong with `value` (empty when it is valid). */
  errors(schema: Schema, value: unknown): string[] {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(toJsonSchema(schema));
      this.compiled.set(schema, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map(
      (error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`,
    );
  }

  isValid(schema: Schema, value: unknown): boolean {
    return this.errors(schema, value).length === 0;
  }
}
