import fc from 'fast-check';
import { startFakeEmailApi, TestApp, type FakeEmailApi } from '@app/testing';
import {
  fetchOpenApiDocument,
  fieldSchema,
  type FuzzContext,
  fuzzRequests,
  type FuzzRequest,
  listOperations,
  type ApiDocument,
  type Operation,
  populatedOrg,
  responseFailures,
  SchemaValidator,
  type SemanticRule,
} from '@app/testing/openapi';
import { startTestApi } from '../apps/api/test/test-api';

const SEED = Number(process.env.FUZZ_SEED ?? 20260501);
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

/** Operations that use up the rows others need (deactivate, cancel, opt out, merge) go last. */
const consumes = (operation: Operation) =>
  operation.method === 'DELETE' || /\/(opt-out|merge|resolve)$/.test(operation.path);

/**
 * Rules no schema can state, so a 400 naming the field (or its last part) may answer a request
 * valid by the document: rules across fields, about configuration, or about values the server
 * issued. Fields naming rows (uuids) are always such: the row may not exist or not fit.
 */
const SEMANTIC_RULES: Record<string, string[]> = {
  'GET /api/audit-events': ['to', 'cursor'],
  'POST /api/constituents': ['body'],
  'POST /api/constituents/{id}/consents': ['expiresAt'],
  'GET /api/constituents/{id}/consents': ['cursor'],
  'GET /api/constituents/{id}/merges': ['cursor'],
  'GET /api/needs': ['createdTo', 'cursor'],
  'POST /api/needs': ['contact'],
  'POST /api/needs/public': ['contact', 'consents'],
  'PATCH /api/needs/{id}': ['status', 'reason', 'outcome'],
  'GET /api/household-matches': ['cursor'],
  'POST /api/household-matches/{id}/resolve': ['fieldOverrides'],
  'POST /api/shared-contacts': ['phone', 'addressStreet', 'addressZip'],
  'PUT /api/partners/{id}': ['start', 'end'],
  'PUT /api/organizations/settings': [
    'quietHoursStart',
    'quietHoursEnd',
    'maxConcurrency',
    'dailySmsCap',
    'monthlySmsBudget',
  ],
  'PUT /api/organizations/settings/email': ['apiKey', 'domain', 'region'],
  'POST /api/organizations/settings/email/test': ['apiKey', 'domain', 'region'],
  'GET /api/organizations/{id}/telephony/detail-records': ['date_range'],
  'GET /api/reports/surveys': ['to'],
  'GET /api/volunteers/schedule': ['to'],
  'POST /api/volunteers/schedule': ['end_time'],
  'PATCH /api/volunteers/schedule/{id}': ['start_time', 'end_time'],
  'POST /api/webhooks/subscriptions': ['url'],
  'PATCH /api/webhooks/subscriptions/{id}': ['url'],
  'GET /api/webhooks/subscriptions/{id}/deliveries': ['cursor'],
};

function semanticRule(document: ApiDocument): SemanticRule {
  return (operation, field) => {
    const rules = SEMANTIC_RULES[operation.key] ?? [];
    return (
      fieldSchema(document, operation, field)?.format === 'uuid' ||
      rules.includes(field) ||
      rules.includes(field.split('.').pop()!)
    );
  };
}

function send(
  api: TestApp,
  auth: Record<string, string>,
  operation: Operation,
  request: FuzzRequest,
) {
  const method = operation.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  let call = api.http[method](request.url);
  if (operation.spec.security) call = call.set(auth);
  if (request.body === undefined) return call;
  return call.set('Content-Type', 'application/json').send(JSON.stringify(request.body));
}

/**
 * Schemathesis' checks with fast-check, driven by the OpenAPI document: for every operation,
 * seeded valid and faulty path ids, query strings and bodies (FUZZ_SEED, FUZZ_RUNS per operation).
 */
describe('property-based fuzzing of every operation', () => {
  let api: TestApp;
  let email: FakeEmailApi;

  beforeAll(async () => {
    email = await startFakeEmailApi();
    api = await startTestApi({
      RATE_LIMIT_PUBLIC_PER_IP: '0',
      RATE_LIMIT_PUBLIC_PER_ORG: '0',
      RATE_LIMIT_MEMBER: '0',
      RATE_LIMIT_LOGIN: '0',
      SENDGRID_API_BASE_URL: email.url,
      MAILGUN_API_BASE_URL: email.url,
      POSTMARK_API_BASE_URL: email.url,
      EMAIL_ALLOW_PRIVATE_HOSTS: 'true',
      APP_URL_ALLOWLIST: 'http://app.test,https://example.org',
    });
  });
  afterAll(async () => {
    await api.close();
    await email.close();
  });

  it('answers every generated request as the document says', async () => {
    const document = await fetchOpenApiDocument(api);
    const validator = new SchemaValidator(document);
    const org = await populatedOrg(api);
    const context: FuzzContext = {
      document,
      validator,
      ids: org.ids,
      pathIds: org.pathIds,
      issued: ['cursor'],
    };
    const semantic = semanticRule(document);
    const failures: string[] = [];
    const operations = listOperations(document);
    for (const operation of [
      ...operations.filter((o) => !consumes(o)),
      ...operations.filter(consumes),
    ]) {
      const property = fc.asyncProperty(fuzzRequests(context, operation), async (request) => {
        const response = await send(api, org.auth, operation, request);
        const found = responseFailures(validator, operation, request, response, semantic);
        if (found.length) {
          throw new Error(
            `${found.join('; ')} <- ${response.status} ${response.text.slice(0, 300)}`,
          );
        }
      });
      const result = await fc.check(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
      if (result.failed) {
        failures.push(
          `${operation.key} (FUZZ_SEED=${SEED}, path ${result.counterexamplePath}): ` +
            `${String(result.errorInstance)}\n  request: ${JSON.stringify(result.counterexample)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
