import { expectProblem, newOrg, newPartner, TestApp } from '@app/testing';
import { startTestApi } from '../../../test/test-api';

async function organization(api: TestApp) {
  const org = await newOrg(api);
  await newPartner(api, org.id, { isDefault: true });
  return org;
}

describe('public intake rate limits', () => {
  describe('per client IP', () => {
    let api: TestApp;

    beforeAll(async () => {
      api = await startTestApi({ RATE_LIMIT_PUBLIC_PER_IP: '3' });
    });
    afterAll(() => api.close());

    it('answers 429 with retry_after once the IP spent its requests, valid or not', async () => {
      const org = await organization(api);
      const submit = (body: object) => api.http.post('/api/needs/public').send(body);
      expect((await submit({ organizationId: org.id, description: 'one' })).status).toBe(201);
      expect((await submit({ description: 'invalid' })).status).toBe(400);
      expect((await submit({ organizationId: org.id, description: 'three' })).status).toBe(201);
      const limited = await submit({ organizationId: org.id, description: 'four' });
      expectProblem(limited, 429, 'rate-limited');
      expect(limited.body.retry_after).toBeGreaterThan(0);
      expect(limited.body.retry_after).toBeLessThanOrEqual(60);
      expect(Number(limited.headers['retry-after'])).toBe(limited.body.retry_after);
    });
  });

  describe('per organization', () => {
    let api: TestApp;

    beforeAll(async () => {
      api = await startTestApi({ RATE_LIMIT_PUBLIC_PER_IP: '0', RATE_LIMIT_PUBLIC_PER_ORG: '2' });
    });
    afterAll(() => api.close());

    it('limits each organization on its own', async () => {
      const busy = await organization(api);
      const quiet = await organization(api);
      const submit = (organizationId: string) =>
        api.http.post('/api/needs/public').send({ organizationId, description: 'help' });
      expect((await submit(busy.id)).status).toBe(201);
      expect((await submit(busy.id)).status).toBe(201);
      expectProblem(await submit(busy.id), 429, 'rate-limited');
      expect((await submit(quiet.id)).status).toBe(201);
    });
  });
});
