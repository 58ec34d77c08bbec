import { randomBytes, randomUUID } from 'node:crypto';
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

  describe('per organization, behind the per-address limit', () => {
    let api: TestApp;

    beforeAll(async () => {
      api = await startTestApi({
        RATE_LIMIT_PUBLIC_PER_IP: '3',
        RATE_LIMIT_PUBLIC_PER_ORG: '10',
        TRUST_PROXY: 'loopback',
      });
    });
    afterAll(() => api.close());

    const submitFrom = (from: string, body: object) =>
      api.http.post('/api/needs/public').set('X-Forwarded-For', from).send(body);

    it("a client refused for its address spends nothing of the organization's budget", async () => {
      const org = await organization(api);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 30; attempt++) {
        const body =
          attempt % 2
            ? { organizationId: org.id }
            : { organizationId: org.id, description: 'help' };
        statuses.push((await submitFrom('198.51.100.7', body)).status);
      }
      expect(statuses.filter((status) => status === 429)).toHaveLength(27);
      const constituent = await submitFrom('198.51.100.8', {
        organizationId: org.id,
        description: 'help',
      });
      expect(constituent.status).toBe(201);
      expect(constituent.headers['ratelimit-policy']).toBe(
        '"public-ip";q=3;w=60, "public-org";q=10;w=60',
      );
    });

    it('counts only organizations that exist: a flood of unknown ids adds no rows', async () => {
      const rows = async () =>
        Number((await api.dataSource.query('SELECT count(*) AS n FROM rate_limit'))[0].n);
      const before = await rows();
      const unknownId = (index: number) =>
        index % 2 ? randomUUID() : randomBytes(27).toString('base64url').slice(0, 36);
      for (let batch = 0; batch < 20; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, index) =>
            submitFrom(`203.0.113.${batch}`, {
              organizationId: unknownId(index),
              description: 'x',
            }),
          ),
        );
        expect(answers.every((answer) => answer.status === 400 || answer.status === 429)).toBe(
          true,
        );
      }
      // One row per address; none for the thousand organizations that do not exist.
      expect(await rows()).toBe(before + 20);
    });
  });
});
