import { expectProblem, newOrgWithAdmin, TEST_PASSWORD, TestApp } from '@app/testing';
import { startTestApi } from '../../../test/test-api';

/** RATE_LIMIT_LOGIN 3: three attempts per email, thirty failures per client address. */
describe('login limits (counted in PostgreSQL)', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_LOGIN: '3', TRUST_PROXY: 'loopback' });
  });
  afterAll(() => api.close());

  const login = (body: object, from: string) =>
    api.http.post('/api/auth/login').set('X-Forwarded-For', from).send(body);

  it('reserves an attempt before the password is checked: 30 parallel guesses get 3 answers', async () => {
    const { admin } = await newOrgWithAdmin(api);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, guess) =>
        login({ email: admin.email, password: `wrong-password-${guess}` }, `198.51.100.${guess}`),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(27);
    expectProblem(
      await login({ email: admin.email, password: TEST_PASSWORD }, '198.51.100.200'),
      429,
      'rate-limited',
    );
  });

  it('never refuses a correct password because others failed from the same address', async () => {
    const { admin } = await newOrgWithAdmin(api);
    const balancer = '203.0.113.50';
    for (let attempt = 0; attempt < 30; attempt++) {
      const guess = { email: `nobody-${attempt}@example.org`, password: 'wrong-password' };
      expectProblem(await login(guess, balancer), 401);
    }
    const spent = await login(
      { email: 'nobody-else@example.org', password: 'x'.repeat(12) },
      balancer,
    );
    expectProblem(spent, 429, 'rate-limited');
    expect((await login({ email: admin.email, password: TEST_PASSWORD }, balancer)).status).toBe(
      200,
    );
    // About 60 argon2 verifications: 12 s alone, several times that beside other test workers.
  }, 120_000);

  it('sends the RateLimit header fields of the counts a login spent', async () => {
    const { admin } = await newOrgWithAdmin(api);
    const wrong = await login({ email: admin.email, password: 'wrong-password' }, '203.0.113.70');
    expect(wrong.headers['ratelimit-policy']).toBe(
      '"login-email";q=3;w=900, "login-ip";q=30;w=900',
    );
    expect(wrong.headers.ratelimit).toMatch(/^"login-email";r=2;t=\d+, "login-ip";r=29;t=\d+$/);
  });

  it('starts an email over after a correct password', async () => {
    const { admin } = await newOrgWithAdmin(api);
    const from = '203.0.113.60';
    for (let round = 0; round < 2; round++) {
      for (let attempt = 0; attempt < 2; attempt++) {
        expectProblem(await login({ email: admin.email, password: 'wrong-password' }, from), 401);
      }
      expect((await login({ email: admin.email, password: TEST_PASSWORD }, from)).status).toBe(200);
    }
  });
});
