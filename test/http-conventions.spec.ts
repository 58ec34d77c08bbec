import { expectProblem, newOrg, newOrgWithAdmin, newPartner, TestApp } from '@app/testing';
import { startTestApi } from '../apps/api/test/test-api';

/** JSON text of `levels` nested arrays or objects (keyed `a`) around 1, built without recursion. */
function nestedJson(levels: number, shape: 'array' | 'object'): string {
  return shape === 'array'
    ? `${'['.repeat(levels)}1${']'.repeat(levels)}`
    : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

/** docs/CONVENTIONS.md: every error is problem details, whatever part of the stack raises it. */
describe('HTTP conventions', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('answers malformed JSON with a 400 validation problem', async () => {
    const response = await api.http
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"email": ');
    expectProblem(response, 400, 'validation-error');
    expect(response.body.errors).toEqual([
      { field: 'body', message: 'The request body is not valid JSON' },
    ]);
  });

  it('answers a body that is not an object with 400', async () => {
    const response = await api.http.post('/api/auth/login').send([1, 2]);
    expectProblem(response, 400, 'validation-error');
  });

  it('refuses U+0000 in body or query text, which PostgreSQL cannot store (was a 500)', async () => {
    const { auth } = await newOrgWithAdmin(api);
    const body = await api.http
      .post('/api/partners')
      .set(auth)
      .send({ name: 'a\u0000b', slaHours: 4 });
    expectProblem(body, 400, 'validation-error');
    expect(body.body.errors).toEqual([{ field: 'name', message: 'name must not contain U+0000' }]);
    const query = await api.http.get('/api/constituents').query({ query: 'a\u0000' }).set(auth);
    expectProblem(query, 400, 'validation-error');
  });

  describe('JSON nested deeper than 32 levels', () => {
    const post = (path: string, text: string) =>
      api.http.post(path).set('Content-Type', 'application/json').send(text);

    it('is a 400 naming where, before validation, on every route (was a 500)', async () => {
      const { org, auth } = await newOrgWithAdmin(api);
      const intake = (customFields: string) =>
        `{"organizationId":"${org.id}","description":"Groceries","customFields":${customFields}}`;
      const responses = [
        await post('/api/needs/public', intake(nestedJson(20_000, 'array'))),
        await post('/api/needs/public', intake(nestedJson(5_000, 'object'))),
        await post('/api/needs', intake(nestedJson(2_000, 'object'))).set(auth),
        await post('/api/auth/login', `{"email":${nestedJson(40, 'array')}}`),
        await post('/api/webhooks/telnyx', nestedJson(10_000, 'object')),
      ];
      for (const response of responses) {
        expectProblem(response, 400, 'validation-error');
        expect(response.body.errors).toHaveLength(1);
        expect(response.body.errors[0].message).toMatch(/ is nested deeper than 32 levels$/);
      }
      const [arrays, objects] = responses;
      expect(arrays.body.errors[0].field).toBe(`customFields${'[0]'.repeat(31)}`);
      expect(objects.body.errors[0].field).toBe(`customFields${'.a'.repeat(31)}`);
    });

    it('is accepted up to 32 levels', async () => {
      const org = await newOrg(api);
      await newPartner(api, org.id, { isDefault: true });
      const body = `{"organizationId":"${org.id}","description":"Groceries","customFields":${nestedJson(31, 'object')}}`;
      expect((await post('/api/needs/public', body)).status).toBe(201);
    });
  });

  it.each(['__proto__', 'constructor', 'prototype'])(
    'refuses the key %s at any depth with a 400 naming it (was dropped silently)',
    async (key) => {
      const { org, auth } = await newOrgWithAdmin(api);
      const partner = await newPartner(api, org.id, { isDefault: true });
      const intake = (extra: string) =>
        `{"organizationId":"${org.id}","description":"Groceries",${extra}}`;
      const cases: [string, string, Record<string, string>, string][] = [
        ['/api/needs/public', intake(`"${key}":{"isConfidential":true}`), {}, key],
        [
          '/api/needs/public',
          intake(`"customFields":{"size":{"${key}":{"x":1}}}`),
          {},
          `customFields.size.${key}`,
        ],
        ['/api/needs', intake(`"contact":{"${key}":{"firstName":"A"}}`), auth, `contact.${key}`],
        [`/api/partners/${partner.id}`, `{"${key}":{"isArchived":true}}`, auth, key],
      ];
      for (const [path, text, headers, field] of cases) {
        const method = path.startsWith('/api/partners/') ? 'put' : 'post';
        const response = await api.http[method](path)
          .set(headers)
          .set('Content-Type', 'application/json')
          .send(text);
        expectProblem(response, 400, 'validation-error');
        expect(response.body.errors).toEqual([
          { field, message: `${field} is not allowed: ${key} is a reserved key` },
        ]);
      }
    },
  );

  it('answers a non-JSON content type with 415', async () => {
    const response = await api.http
      .post('/api/auth/login')
      .set('Content-Type', 'text/plain')
      .send('email=a');
    expectProblem(response, 415, 'about:blank');
  });

  it('answers a body over 100 KiB with 413', async () => {
    const response = await api.http
      .post('/api/auth/login')
      .send({ email: 'a@example.org', password: 'x'.repeat(110 * 1024) });
    expectProblem(response, 413, 'about:blank');
  });

  it('answers an unknown route with 404', async () => {
    const response = await api.http.get('/api/does-not-exist');
    expectProblem(response, 404, 'about:blank');
    expect(response.body.instance).toBe('/api/does-not-exist');
  });

  it('answers a known path with another method with 405 and Allow', async () => {
    const response = await api.http.delete('/api/auth/me');
    expectProblem(response, 405, 'about:blank');
    expect(response.headers.allow).toBe('GET');
  });

  it('refuses unknown fields', async () => {
    const response = await api.http
      .post('/api/auth/refresh')
      .send({ refreshToken: 'x'.repeat(40), organizationId: 'injected' });
    expectProblem(response, 400, 'validation-error');
    expect(response.body.errors).toContainEqual({
      field: 'organizationId',
      message: 'property organizationId should not exist',
    });
  });

  it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
    const echoed = await api.http.get('/health/live').set('X-Request-Id', 'abc-123');
    expect(echoed.headers['x-request-id']).toBe('abc-123');
    const invented = await api.http
      .get('/health/live')
      .set('X-Request-Id', 'has spaces and {braces}');
    expect(invented.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const onError = await api.http
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{');
    expect(onError.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sets security headers', async () => {
    const response = await api.http.get('/health/live');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers a missing credential with 401 and WWW-Authenticate', async () => {
    expectProblem(await api.http.get('/api/auth/me'), 401, 'about:blank');
  });

  it('limits requests per member with 429 and retry_after', async () => {
    const limited = await startTestApi({ RATE_LIMIT_MEMBER: '2' });
    try {
      const { auth } = await newOrgWithAdmin(limited);
      await limited.http.get('/api/auth/me').set(auth).expect(200);
      await limited.http.get('/api/auth/me').set(auth).expect(200);
      const response = await limited.http.get('/api/auth/me').set(auth);
      expectProblem(response, 429, 'rate-limited');
      expect(response.body.retry_after).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('serves the OpenAPI document with bearer security and problem schemas', async () => {
    const response = await api.http.get('/docs/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.components.securitySchemes.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(response.body.components.schemas.ProblemDetailsDto).toBeDefined();
    const me = response.body.paths['/api/auth/me'].get;
    expect(Object.keys(me.responses)).toEqual(expect.arrayContaining(['200', '401']));
    const docs = await api.http.get('/docs/');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('swagger-ui');
  });

  it('reports liveness and readiness', async () => {
    expect((await api.http.get('/health/live')).status).toBe(200);
    const ready = await api.http.get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.info).toMatchObject({
      database: { status: 'up' },
      migrations: { status: 'up' },
    });
  });
});
