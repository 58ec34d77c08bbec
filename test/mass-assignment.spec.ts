import fc from 'fast-check';
import { bearer, newConstituent, newMember, newNeed, TestApp } from '@app/testing';
import {
  type ApiDocument,
  deref,
  fetchOpenApiDocument,
  JSON_TYPE,
  listOperations,
  type Operation,
  parametersIn,
  type PopulatedOrg,
  populatedOrg,
  requestBodySchema,
  type Schema,
  SchemaValidator,
  successStatus,
  validValue,
} from '@app/testing/openapi';
import { ACCESS_PROFILES } from '@assist/contracts';
import { startTestApi } from '../apps/api/test/test-api';

/** Fields the server owns or only privileged callers set: unknown fields of any body that lacks them. */
const PRIVILEGED = [
  'id',
  'organizationId',
  'organization_id',
  'createdAt',
  'updatedAt',
  'created_at',
  'updated_at',
  'createdBy',
  'role',
  'status',
  'isConfirmed',
  'isActive',
  'smsOptedOut',
  'referenceNumber',
  'surveyToken',
  'resolvedAt',
  'resolvedBy',
  'isOverdue',
  'passwordHash',
  'attempts',
  'used',
  'apiKeyLast4',
];

/** The privileged fields an operation documents as its input (reviewed: each is the point of it). */
const DOCUMENTED_INPUT: Record<string, string[]> = {
  'POST /api/needs/public': ['organizationId'],
  'POST /api/members': ['role'],
  'PATCH /api/members/{id}': ['role'],
  'PATCH /api/needs/{id}': ['status'],
  'PATCH /api/webhooks/subscriptions/{id}': ['isActive'],
};

const PII = {
  firstName: 'Philomena',
  lastName: 'Quackenbush',
  phone: '+12025550177',
  email: 'philomena.q@example.org',
  addressStreet: '12 Sentinel Row',
  addressCity: 'Piiville',
  dateOfBirth: '1961-07-04',
};

/** Every object of a body with its schema, nested ones too (added empty where absent). */
function objectsOf(
  document: ApiDocument,
  schema: Schema,
  body: Record<string, unknown>,
  path = '',
): { path: string; schema: Schema; object: Record<string, unknown> }[] {
  const nested = Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const resolved = deref(document, property);
    if (!resolved.properties) return [];
    body[name] = typeof body[name] === 'object' && body[name] !== null ? body[name] : {};
    const at = path ? `${path}.${name}` : name;
    return objectsOf(document, resolved, body[name] as Record<string, unknown>, at);
  });
  return [{ path, schema, object: body }, ...nested];
}

function url(operation: Operation, org: PopulatedOrg): string {
  return operation.path.replace(/\{\w+\}/, org.pathIds(operation.path)[0] ?? org.organizationId);
}

/** OWASP API3: no body sets a field it does not own; no response says more than it documents. */
describe('mass assignment and property-level authorization', () => {
  let api: TestApp;
  let document: ApiDocument;
  let validator: SchemaValidator;
  let org: PopulatedOrg;

  /** The documented success schema of an operation, by key. */
  const successSchema = (key: string) => {
    const operation = listOperations(document).find((candidate) => candidate.key === key)!;
    return operation.spec.responses[successStatus(operation)].content?.[JSON_TYPE]?.schema;
  };

  beforeAll(async () => {
    api = await startTestApi();
    document = await fetchOpenApiDocument(api);
    validator = new SchemaValidator(document);
    org = await populatedOrg(api);
  });
  afterAll(() => api.close());

  it('documents privileged fields as input only where that is the point of the operation', () => {
    const declared = listOperations(document).flatMap((operation) => {
      const schema = requestBodySchema(document, operation);
      if (!schema) return [];
      return objectsOf(document, schema, {}).flatMap(({ path, schema: object }) =>
        PRIVILEGED.filter((field) => object.properties?.[field])
          .filter((field) => path || !DOCUMENTED_INPUT[operation.key]?.includes(field))
          .map((field) => `${operation.key} ${path ? `${path}.` : ''}${field}`),
      );
    });
    expect(declared).toEqual([]);
  });

  it('refuses every privileged field a body does not document, at every level', async () => {
    const accepted: string[] = [];
    for (const operation of listOperations(document)) {
      const schema = requestBodySchema(document, operation);
      if (!schema?.properties) continue;
      const [body] = fc.sample(validValue(document, schema, org.ids), { seed: 7, numRuns: 1 });
      const injected = objectsOf(document, schema, body as Record<string, unknown>).flatMap(
        ({ path, schema: object, object: value }) =>
          PRIVILEGED.filter((field) => !object.properties?.[field]).map((field) => {
            value[field] = field === 'role' ? 'org_admin' : org.organizationId;
            return path ? `${path}.${field}` : field;
          }),
      );
      const method = operation.method.toLowerCase() as 'post' | 'put' | 'patch';
      const response = await api.http[method](url(operation, org)).set(org.auth).send(body!);
      const refused = (response.body.errors ?? []).map((error: { field: string }) => error.field);
      const missed = injected.filter((field) => !refused.includes(field));
      if (response.status !== 400 || missed.length) {
        accepted.push(`${operation.key} ${response.status}: ${missed.join(', ')}`);
      }
    }
    expect(accepted).toEqual([]);
  });

  it('returns only documented fields from every read', async () => {
    const undocumented: string[] = [];
    for (const operation of listOperations(document)) {
      if (operation.method !== 'GET' || parametersIn(operation, 'query').some((p) => p.required)) {
        continue;
      }
      const response = await api.http.get(url(operation, org)).set(org.auth);
      const schema = successSchema(operation.key);
      const errors = schema ? validator.errors(schema, response.body) : ['no schema'];
      if (response.status !== 200 || errors.length) {
        undocumented.push(`${operation.key} ${response.status}: ${errors.join('; ')}`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  describe('personal data', () => {
    const leaks = (text: string) => Object.values(PII).filter((value) => text.includes(value));

    it('never appears in the public intake response', async () => {
      const response = await api.http
        .post('/api/needs/public')
        .send({ organizationId: org.organizationId, description: 'Groceries', contact: PII })
        .expect(201);
      expect(leaks(response.text)).toEqual([]);
      expect(validator.errors(successSchema('POST /api/needs/public')!, response.body)).toEqual([]);
    });

    it('never reaches a caller without pii_reader, on any read', async () => {
      const person = await newConstituent(api, org.organizationId, PII);
      const need = await newNeed(api, org.organizationId, org.rows.partners[0], {
        constituentId: person.id,
        householdId: person.householdId,
      });
      const ids: Record<string, string> = {
        '/api/constituents/': person.id,
        '/api/households/': person.householdId,
        '/api/needs/': need.id,
      };
      const idFor = (path: string) =>
        Object.entries(ids).find(([prefix]) => path.startsWith(prefix))?.[1] ??
        org.pathIds(path)[0] ??
        org.organizationId;
      const staff = await newMember(api, org.organizationId, {
        role: 'staff',
        profiles: ACCESS_PROFILES.filter((profile) => profile !== 'pii_reader'),
      });
      const volunteer = await newMember(api, org.organizationId, { role: 'volunteer' });
      await api.http
        .patch(`/api/needs/${need.id}`)
        .set(org.auth)
        .send({ assignedTo: volunteer.id });
      const reads = listOperations(document).filter((operation) => operation.method === 'GET');
      const found: string[] = [];
      for (const member of [staff, volunteer]) {
        for (const operation of reads) {
          const response = await api.http
            .get(operation.path.replace('{id}', idFor(operation.path)))
            .set(bearer(api, member));
          const leaked = leaks(response.text);
          if (leaked.length) found.push(`${member.role} ${operation.key}: ${leaked.join(', ')}`);
        }
      }
      const admin = await api.http.get(`/api/constituents/${person.id}`).set(org.auth);
      expect(admin.body).toMatchObject(PII);
      expect(found).toEqual([]);
    });
  });
});
