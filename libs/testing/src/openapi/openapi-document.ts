import type { TestApp } from '../test-app';

/** The parts of an OpenAPI 3.0 schema object the checks read. */
export interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  $ref?: string;
  readOnly?: boolean;
  writeOnly?: boolean;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: Schema;
}

export interface ResponseObject {
  description: string;
  content?: Record<string, { schema?: Schema }>;
}

export interface OperationObject {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: Schema }> };
  responses: Record<string, ResponseObject>;
  security?: unknown[];
}

export interface ApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, Schema> };
}

export interface Operation {
  /** `METHOD /path`, as the route inventory and the docs write it. */
  key: string;
  method: string;
  path: string;
  spec: OperationObject;
}

export const JSON_TYPE = 'application/json';
export const PROBLEM_TYPE = 'application/problem+json';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** The document the API serves at /docs/openapi.json. */
export async function fetchOpenApiDocument(app: TestApp): Promise<ApiDocument> {
  const response = await app.http.get('/docs/openapi.json').expect(200);
  return response.body as ApiDocument;
}

/** Every operation of the document, sorted like listRoutes. */
export function listOperations(document: ApiDocument): Operation[] {
  return Object.entries(document.paths)
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, spec]) => ({
          key: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          path,
          spec,
        })),
    )
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** Whether a schema allows null and nothing else (`enum: [null]`). */
const onlyNull = (schema: Schema) => schema.enum?.length === 1 && schema.enum[0] === null;

/**
 * The schema a `$ref`, a one-element `allOf` or a nullable reference (`anyOf` a schema or null, as
 * nullable), with the referring schema's own keywords.
 */
export function deref(document: ApiDocument, schema: Schema): Schema {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return deref(document, document.components.schemas[name]);
  }
  if (schema.allOf?.length === 1) {
    const { allOf, ...own } = schema;
    return { ...deref(document, allOf[0]), ...own };
  }
  if (schema.anyOf?.length === 2 && onlyNull(schema.anyOf[1])) {
    const { anyOf, ...own } = schema;
    return { ...deref(document, anyOf[0]), ...own, nullable: true };
  }
  return schema;
}

export function requestBodySchema(document: ApiDocument, operation: Operation): Schema | undefined {
  const schema = operation.spec.requestBody?.content[JSON_TYPE]?.schema;
  return schema && deref(document, schema);
}

export function parametersIn(operation: Operation, where: Parameter['in']): Parameter[] {
  return (operation.spec.parameters ?? []).filter((parameter) => parameter.in === where);
}

/** The one documented 2xx status of an operation. */
export function successStatus(operation: Operation): string {
  const statuses = Object.keys(operation.spec.responses).filter((status) => status.startsWith('2'));
  if (statuses.length !== 1) throw new Error(`${operation.key} documents ${statuses.length} 2xx`);
  return statuses[0];
}

/** The schema of a body field (`contact.phone`) or query parameter an error names. */
export function fieldSchema(
  document: ApiDocument,
  operation: Operation,
  field: string,
): Schema | undefined {
  const parameter = (operation.spec.parameters ?? []).find((p) => p.name === field);
  if (parameter) return deref(document, parameter.schema);
  let schema = requestBodySchema(document, operation);
  for (const name of field.split('.')) {
    const property = schema?.properties?.[name];
    schema = property && deref(document, property);
  }
  return schema;
}
