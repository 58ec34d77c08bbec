import type { OpenAPIObject, ReferenceObject, SchemaObject } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';

interface Rule {
  name?: string;
  propertyName: string;
  constraints?: unknown[];
  each?: boolean;
}

/** The format each validator checks (iana-time-zone is this API's own). */
const FORMATS: Record<string, string> = {
  isTimeZone: 'iana-time-zone',
  isIanaTimeZone: 'iana-time-zone',
  isFqdn: 'hostname',
};

/** What a validator bounds, as schema keywords (only those the schema does not declare yet). */
function boundsOf(rule: Rule): Partial<SchemaObject> {
  const [first, second] = (rule.constraints ?? []) as number[];
  switch (rule.name) {
    case 'maxLength':
      return { maxLength: first };
    case 'minLength':
      return { minLength: first };
    case 'isLength':
      return second === undefined ? { minLength: first } : { minLength: first, maxLength: second };
    case 'arrayMaxSize':
      return { maxItems: first };
    case 'arrayMinSize':
      return { minItems: first };
    case 'arrayUnique':
      return { uniqueItems: true };
    case 'max':
      return { maximum: first };
    case 'min':
      return { minimum: first };
    case 'matches':
      return { pattern: (rule.constraints?.[0] as RegExp).source };
    default:
      return rule.name && FORMATS[rule.name] ? { format: FORMATS[rule.name] } : {};
  }
}

function isSchema(schema: SchemaObject | ReferenceObject | undefined): schema is SchemaObject {
  return schema !== undefined && !('$ref' in schema);
}

/**
 * Copies the bounds the class-validator rules of each request DTO enforce (lengths, array sizes,
 * integer bounds, patterns, formats) into its schema, so the document states what validation refuses.
 */
export function applyValidationBounds(document: OpenAPIObject): void {
  const storage = getMetadataStorage();
  const targets = (storage as unknown as { validationMetadatas: Map<new () => object, unknown> })
    .validationMetadatas;
  for (const target of targets.keys()) {
    const schema = document.components?.schemas?.[target.name];
    if (!isSchema(schema)) continue;
    const rules = storage.getTargetValidationMetadatas(target, '', true, false) as Rule[];
    for (const rule of rules) {
      const property = schema.properties?.[rule.propertyName];
      const bounded = rule.each && isSchema(property) ? property.items : property;
      if (!isSchema(bounded)) continue;
      for (const [keyword, value] of Object.entries(boundsOf(rule))) {
        (bounded as Record<string, unknown>)[keyword] ??= value;
      }
      if (rule.name === 'isInt') bounded.type = 'integer';
    }
  }
}
