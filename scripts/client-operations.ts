import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  SchemaObject,
} from '@nestjs/swagger';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Kept out of the template's import line so the build's alias rewriting leaves it alone. */
const CONTRACTS_PACKAGE = '@assist/contracts';

interface Operation {
  id: string;
  method: (typeof METHODS)[number];
  path: string;
  operation: OperationObject;
}

function operationsOf(document: OpenAPIObject): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      if (!operation?.operationId) return [];
      return [{ id: operation.operationId, method, path, operation }];
    }),
  );
}

function resolve<T extends object>(document: OpenAPIObject, value: T | ReferenceObject): T {
  if (!('$ref' in value)) return value;
  const name = value.$ref.replace('#/components/schemas/', '');
  return document.components?.schemas?.[name] as T;
}

function parameters(operation: OperationObject, location: string): ParameterObject[] {
  return ((operation.parameters ?? []) as ParameterObject[]).filter((p) => p.in === location);
}

function bodySchema(document: OpenAPIObject, operation: OperationObject): SchemaObject | null {
  const body = operation.requestBody && resolve(document, operation.requestBody);
  const schema = body?.content['application/json']?.schema;
  return schema ? resolve<SchemaObject>(document, schema) : null;
}

/** Throws when one input field would be sent in two places (a path parameter named like a body field). */
function assertFlatInput(operation: Operation, fields: string[]): void {
  const repeated = fields.filter((field, index) => fields.indexOf(field) !== index);
  if (repeated.length) {
    throw new Error(`${operation.id}: ${repeated.join(', ')} is both a parameter and a body field`);
  }
}

function route(document: OpenAPIObject, operation: Operation) {
  const { operation: op } = operation;
  const pathParams = parameters(op, 'path').map((p) => p.name);
  const queryParams = parameters(op, 'query').map((p) => p.name);
  const body = bodySchema(document, op);
  assertFlatInput(operation, [
    ...pathParams,
    ...queryParams,
    ...Object.keys(body?.properties ?? {}),
  ]);
  const success = op.responses['200'] && resolve(document, op.responses['200']);
  return {
    method: operation.method.toUpperCase(),
    path: operation.path,
    pathParams,
    queryParams,
    body: body !== null,
    authenticated: (op.security ?? []).length > 0,
    paged: Boolean(success?.headers?.['Link']),
    inputRequired:
      pathParams.length > 0 ||
      parameters(op, 'query').some((p) => p.required) ||
      (body?.required ?? []).length > 0,
  };
}

function method(operation: Operation, inputRequired: boolean): string {
  const { id, method: verb, path, operation: op } = operation;
  const input = `input: OperationInput<'${id}'>${inputRequired ? '' : ' = {}'}`;
  return [
    `  /** ${op.summary ?? id} (\`${verb.toUpperCase()} ${path}\`) */`,
    `  ${id}(${input}, options?: CallOptions): Promise<OperationResponse<'${id}'>> {`,
    `    return this.call('${id}', input, options);`,
    `  }`,
  ].join('\n');
}

/**
 * The source of libs/client/src/assist-operations.ts: how each operation travels (method, path, where
 * each input field goes) and one method per operation, named by its operationId.
 */
export function clientOperationsSource(document: OpenAPIObject, header: string): string {
  const operations = operationsOf(document);
  const routes = operations.map((operation) => {
    const { inputRequired, ...travel } = route(document, operation);
    return { operation, inputRequired, travel };
  });
  return `${header}
import type { OperationId, OperationResponse } from '${CONTRACTS_PACKAGE}';
import type { CallOptions, OperationInput, OperationRoute } from './operation-input';

/** How each operation travels: its method and path, and where each input field goes. */
export const OPERATIONS = {
${routes.map(({ operation, travel }) => `  ${operation.id}: ${JSON.stringify(travel)},`).join('\n')}
} as const satisfies Record<OperationId, OperationRoute>;

/** One method per operation of the API, named by its operationId; AssistClient sends them. */
export abstract class AssistOperations {
  protected abstract call<Op extends OperationId>(
    operationId: Op,
    input: OperationInput<Op>,
    options?: CallOptions,
  ): Promise<OperationResponse<Op>>;

${routes.map(({ operation, inputRequired }) => method(operation, inputRequired)).join('\n\n')}
}
`;
}
