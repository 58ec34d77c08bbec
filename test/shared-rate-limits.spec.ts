import { createTestDatabase, newOrg, newPartner, TestApp, TestDatabase } from '@app/testing';
import { startTestApiOn } from '../apps/api/test/test-api';

/** Two API processes' worth of applications on one database, as behind a load balancer. */
describe('rate limits shared by every API process', () => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { RATE_LIMIT_PUBLIC_PER_IP: '3', RATE_LIMIT_PUBLIC_PER_ORG: '0' };
    first = await startTestApiOn(database, env);
    second = await startTestApiOn(database, env);
  });
  afterAll(async () => {
    await second.app.close();
    await first.close();
  });

  it('counts one client’s public intake across both, with the RateLimit header fields', async () => {
    const org = await newOrg(first);
    await newPartner(first, org.id, { isDefault: true });
    const submit = (api: TestApp) =>
      api.http.post('/api/needs/public').send({ organizationId: org.id, description: 'Help' });

    const answers = [await submit(first), await submit(second), await submit(first)];
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(answers.map((answer) => answer.headers['ratelimit-policy'])).toEqual(
      Array(3).fill('"public-ip";q=3;w=60'),
    );
    expect(answers.map((answer) => answer.headers.ratelimit)).toEqual([
      expect.stringMatching(/^"public-ip";r=2;t=\d+$/),
      expect.stringMatching(/^"public-ip";r=1;t=\d+$/),
      expect.stringMatching(/^"public-ip";r=0;t=\d+$/),
    ]);

    const refused = await submit(second);
    expect(refused.status).toBe(429);
    expect(refused.headers.ratelimit).toMatch(/^"public-ip";r=0;t=\d+$/);
    expect(Number(refused.headers['retry-after'])).toBe(refused.body.retry_after);
  });
});
