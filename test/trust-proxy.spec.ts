import { newOrg, newPartner, TestApp } from '@app/testing';
import { startTestApi } from '../apps/api/test/test-api';

/** Public intake allows one request per client address and minute here. */
async function submitFrom(api: TestApp, organizationId: string, forwardedFor: string) {
  const response = await api.http
    .post('/api/needs/public')
    .set('X-Forwarded-For', forwardedFor)
    .send({ organizationId, description: 'Need a ride to the clinic' });
  return response.status;
}

async function intakeOrganization(api: TestApp): Promise<string> {
  const org = await newOrg(api);
  await newPartner(api, org.id, { isDefault: true });
  return org.id;
}

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  describe('not set', () => {
    let api: TestApp;
    beforeAll(async () => {
      api = await startTestApi({ RATE_LIMIT_PUBLIC_PER_IP: '1' });
    });
    afterAll(() => api.close());

    it('ignores X-Forwarded-For: a client cannot pick its own address to dodge a limit', async () => {
      const organizationId = await intakeOrganization(api);
      expect(await submitFrom(api, organizationId, '203.0.113.10')).toBe(201);
      expect(await submitFrom(api, organizationId, '203.0.113.11')).toBe(429);
    });
  });

  describe('trusting the load balancer on loopback', () => {
    let api: TestApp;
    beforeAll(async () => {
      api = await startTestApi({ RATE_LIMIT_PUBLIC_PER_IP: '1', TRUST_PROXY: 'loopback' });
    });
    afterAll(() => api.close());

    it('counts each client behind it on its own', async () => {
      const organizationId = await intakeOrganization(api);
      expect(await submitFrom(api, organizationId, '203.0.113.20')).toBe(201);
      expect(await submitFrom(api, organizationId, '203.0.113.21')).toBe(201);
      expect(await submitFrom(api, organizationId, '203.0.113.20')).toBe(429);
    });

    it('takes the address the trusted proxy saw, not one the client prepended', async () => {
      const organizationId = await intakeOrganization(api);
      expect(await submitFrom(api, organizationId, '198.51.100.1, 203.0.113.30')).toBe(201);
      expect(await submitFrom(api, organizationId, '198.51.100.2, 203.0.113.30')).toBe(429);
    });
  });
});
