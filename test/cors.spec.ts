import { newOrg, newOrgWithAdmin, newPartner, TestApp } from '@app/testing';
import { startTestApi } from '../apps/api/test/test-api';

const CONSOLE = 'https://console.example.org';
const FOOD_BANK_SITE = 'https://food-bank.example.net';
const STRANGER = 'https://stranger.example.com';

describe('CORS', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ CORS_ORIGINS: CONSOLE, RATE_LIMIT_PUBLIC_PER_IP: '2' });
  });
  afterAll(() => api.close());

  describe('public intake: any origin, every answer', () => {
    it('answers a form on an organization’s own site, exposing Location', async () => {
      const org = await newOrg(api);
      await newPartner(api, org.id, { isDefault: true });
      const created = await api.http
        .post('/api/needs/public')
        .set('Origin', FOOD_BANK_SITE)
        .send({ organizationId: org.id, description: 'Need groceries' });
      expect(created.status).toBe(201);
      expect(created.headers['access-control-allow-origin']).toBe('*');
      expect(created.headers['access-control-allow-credentials']).toBeUndefined();
      expect(created.headers['access-control-expose-headers']).toBe(
        'Location,Link,X-Request-Id,Retry-After,RateLimit,RateLimit-Policy',
      );

      const invalid = await api.http
        .post('/api/needs/public')
        .set('Origin', FOOD_BANK_SITE)
        .send({ description: 'no organization' });
      expect(invalid.status).toBe(400);
      expect(invalid.headers['access-control-allow-origin']).toBe('*');

      const limited = await api.http
        .post('/api/needs/public')
        .set('Origin', FOOD_BANK_SITE)
        .send({ organizationId: org.id, description: 'once more' });
      expect(limited.status).toBe(429);
      expect(limited.headers['access-control-allow-origin']).toBe('*');
    });

    it('answers the preflight of a JSON post with an Idempotency-Key, cached 10 minutes', async () => {
      const preflight = await api.http
        .options('/api/needs/public')
        .set('Origin', FOOD_BANK_SITE)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'content-type,idempotency-key');
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
      expect(preflight.headers['access-control-allow-headers']).toBe(
        'Authorization,Content-Type,Idempotency-Key',
      );
      expect(preflight.headers['access-control-allow-methods']).toContain('POST');
      expect(preflight.headers['access-control-max-age']).toBe('600');
    });
  });

  describe('every other route: only CORS_ORIGINS', () => {
    it('answers a listed origin by name, and varies on Origin', async () => {
      const { auth } = await newOrgWithAdmin(api);
      const response = await api.http.get('/api/partners').set(auth).set('Origin', CONSOLE);
      expect(response.status).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe(CONSOLE);
      expect(response.headers.vary).toMatch(/Origin/);
    });

    it('gives an origin not listed no Access-Control-Allow-Origin, preflight or not', async () => {
      const { auth } = await newOrgWithAdmin(api);
      const response = await api.http.get('/api/partners').set(auth).set('Origin', STRANGER);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await api.http
        .options('/api/partners')
        .set('Origin', STRANGER)
        .set('Access-Control-Request-Method', 'GET')
        .set('Access-Control-Request-Headers', 'authorization');
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('keeps the login route to the listed origins too', async () => {
      const stranger = await api.http
        .post('/api/auth/login')
        .set('Origin', STRANGER)
        .send({ email: 'nobody@example.org', password: 'x'.repeat(12) });
      expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
      const listed = await api.http
        .options('/api/auth/login')
        .set('Origin', CONSOLE)
        .set('Access-Control-Request-Method', 'POST');
      expect(listed.headers['access-control-allow-origin']).toBe(CONSOLE);
    });
  });
});
