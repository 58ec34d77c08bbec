import { listRoutes, type RouteEntry } from '@app/auth';
import { TestApp } from '@app/testing';
import {
  type ApiDocument,
  fetchOpenApiDocument,
  JSON_TYPE,
  listOperations,
  nullableDtoFields,
  type Operation,
  parametersIn,
  PROBLEM_TYPE,
  SchemaValidator,
  successStatus,
} from '@app/testing/openapi';
import { join } from 'node:path';
import { startTestApi } from '../apps/api/test/test-api';

/** Public routes with a rate limiter of their own (authenticated ones share the member limiter). */
const RATE_LIMITED_PUBLIC = [
  'POST /api/auth/accept-invite',
  'POST /api/auth/login',
  'POST /api/needs/public',
];
const PROBLEM_REF = '#/components/schemas/ProblemDetailsDto';

/** The problem statuses an operation must document, from what it takes and who may call it. */
function expectedProblems(operation: Operation, route: RouteEntry): number[] {
  const statuses: number[] = [];
  const takesInput =
    operation.spec.requestBody !== undefined ||
    parametersIn(operation, 'query').length > 0 ||
    parametersIn(operation, 'path').length > 0;
  if (takesInput) statuses.push(400);
  if (route.access !== 'public') statuses.push(401, 429);
  if (route.access !== 'public' && route.access !== 'any member') statuses.push(403);
  if (parametersIn(operation, 'path').length > 0) statuses.push(404);
  if (parametersIn(operation, 'header').some((header) => header.name === 'Idempotency-Key')) {
    statuses.push(409, 422);
  }
  if (RATE_LIMITED_PUBLIC.includes(operation.key)) statuses.push(429);
  return statuses;
}

/** What is missing from an operation's documented responses. */
function responseGaps(operation: Operation, route: RouteEntry): string[] {
  const { responses } = operation.spec;
  const gaps: string[] = [];
  const success = successStatus(operation);
  const content = responses[success].content;
  if (success === '204' ? content !== undefined : !content?.[JSON_TYPE]?.schema) {
    gaps.push(`${success} without a JSON schema`);
  }
  for (const status of expectedProblems(operation, route)) {
    if (!responses[status]) gaps.push(`no ${status}`);
  }
  for (const [status, response] of Object.entries(responses)) {
    if (Number(status) >= 400 && response.content?.[PROBLEM_TYPE]?.schema?.$ref !== PROBLEM_REF) {
      gaps.push(`${status} is not problem details`);
    }
  }
  return gaps;
}

/** OWASP API9 (inventory): the document lists exactly the routes Nest serves, each fully. */
describe('OpenAPI document against the registered routes', () => {
  let api: TestApp;
  let document: ApiDocument;

  beforeAll(async () => {
    api = await startTestApi();
    document = await fetchOpenApiDocument(api);
  });
  afterAll(() => api.close());

  it('documents every registered route and nothing else', () => {
    const registered = listRoutes(api.app).map((route) => `${route.method} ${route.path}`);
    const documented = listOperations(document).map((operation) => operation.key);
    expect(documented).toEqual(registered);
  });

  it('names every operation once, in lowerCamelCase verb and resource (the client’s methods)', () => {
    const ids = listOperations(document).map((operation) => operation.spec.operationId ?? '');
    const unnamed = listOperations(document)
      .filter(
        (operation) =>
          !/^[a-z]+[A-Z][A-Za-z]*$|^(login|logout)$/.test(operation.spec.operationId ?? ''),
      )
      .map((operation) => `${operation.key}: ${operation.spec.operationId}`);
    expect(unnamed).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents the success schema and the problems of every operation', () => {
    const routes = new Map(
      listRoutes(api.app).map((route) => [`${route.method} ${route.path}`, route]),
    );
    const gaps = listOperations(document).flatMap((operation) => {
      const route = routes.get(operation.key);
      const found = route ? responseGaps(operation, route) : ['not a registered route'];
      return found.map((gap) => `${operation.key}: ${gap}`);
    });
    expect(gaps).toEqual([]);
  });

  it('lets null through wherever a DTO field can be null (OpenAPI 3.0.3 nullable)', () => {
    const validator = new SchemaValidator(document);
    const { schemas } = document.components;
    const refused = nullableDtoFields(join(process.cwd(), 'apps/api/src/modules'))
      .filter(({ schema, property }) => schemas[schema]?.properties?.[property])
      .filter(
        ({ schema, property }) => !validator.isValid(schemas[schema].properties![property], null),
      )
      .map(({ schema, property }) => `${schema}.${property}`);
    expect(refused).toEqual([]);
  });
});
