import { expectProblem, newOrgWithAdmin, TEST_PASSWORD, TestApp } from '@app/testing';
import { startTestApi } from '../../../test/test-api';

/** One hash at a time and one waiting: exactly what one login (two verifications) needs. */
describe('password hashing capacity (PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE)', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE: '1',
      RATE_LIMIT_LOGIN: '0',
    });
  });
  afterAll(() => api.close());

  const login = (email: string) =>
    api.http.post('/api/auth/login').send({ email, password: TEST_PASSWORD });

  it('refuses logins past the queue with 503 and Retry-After, then checks passwords again', async () => {
    const { admin } = await newOrgWithAdmin(api);
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(admin.email)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect(statuses).toContain(200);
    const busy = answers.find((answer) => answer.status === 503);
    expect(busy).toBeDefined();
    expectProblem(busy!, 503, 'server-busy');
    expect(busy!.headers['retry-after']).toBe('1');
    expect(busy!.body.retry_after).toBe(1);
    expect((await login(admin.email)).status).toBe(200);
  });
});
