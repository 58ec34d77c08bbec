import { expectProblem, newOrgWithAdmin, TEST_PASSWORD, TestApp } from '@app/testing';
import { countPasswordHashing } from '../../../test/password-hashing';
import { startTestApi } from '../../../test/test-api';

/**
 * RATE_LIMIT_LOGIN 3: three attempts per email, three per device token, thirty failures per client
 * address.
 */
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

  it('refuses an address that spent its failures before hashing, but not a device that logged in before', async () => {
    const { admin } = await newOrgWithAdmin(api);
    const known = await login({ email: admin.email, password: TEST_PASSWORD }, '203.0.113.51');
    const balancer = '203.0.113.50';
    for (let attempt = 0; attempt < 30; attempt++) {
      const guess = { email: `nobody-${attempt}@example.org`, password: 'wrong-password' };
      expectProblem(await login(guess, balancer), 401);
    }
    const counts = countPasswordHashing(api);
    const spent = await login(
      { email: 'nobody-else@example.org', password: 'x'.repeat(12) },
      balancer,
    );
    expectProblem(spent, 429, 'rate-limited');
    expect(spent.headers.ratelimit).toMatch(/^"login-ip";r=0;t=\d+$/);
    const correct = { email: admin.email, password: TEST_PASSWORD };
    expectProblem(await login(correct, balancer), 429, 'rate-limited');
    expect(counts.verifications).toBe(0);
    const device = await login({ ...correct, deviceToken: known.body.deviceToken }, balancer);
    expect(device.status).toBe(200);
    expect(counts.verifications).toBe(2);
    // About 60 argon2 verifications: 12 s alone, several times that beside other test workers.
  }, 120_000);

  it('never locks a device that logged in before out: 30 failures from 30 addresses, then the right password from another', async () => {
    const { admin } = await newOrgWithAdmin(api);
    const correct = { email: admin.email, password: TEST_PASSWORD };
    const known = await login(correct, '192.0.2.1');
    expect(known.body.deviceToken).toEqual(expect.any(String));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, guess) =>
        login(
          { email: admin.email, password: `wrong-password-${guess}` },
          `192.0.2.${100 + guess}`,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(27);
    expectProblem(await login(correct, '192.0.2.200'), 429, 'rate-limited');
    const owner = await login({ ...correct, deviceToken: known.body.deviceToken }, '192.0.2.201');
    expect(owner.status).toBe(200);
    expect(owner.body.deviceToken).toEqual(expect.any(String));
  });

  it("bounds parallel guesses with a device's token by the device's attempts, then the email's", async () => {
    const { admin } = await newOrgWithAdmin(api);
    const known = await login({ email: admin.email, password: TEST_PASSWORD }, '198.18.0.1');
    const counts = countPasswordHashing(api);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, guess) =>
        login(
          {
            email: admin.email,
            password: `wrong-password-${guess}`,
            deviceToken: known.body.deviceToken,
          },
          `198.18.0.${100 + guess}`,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(24);
    expect(counts.verifications).toBe(12);
  });

  it('ignores a device token issued for another email', async () => {
    const { admin } = await newOrgWithAdmin(api);
    const other = await newOrgWithAdmin(api);
    const known = await login({ email: other.admin.email, password: TEST_PASSWORD }, '198.18.1.1');
    for (let attempt = 0; attempt < 3; attempt++) {
      const guess = { email: admin.email, password: 'wrong-password' };
      expectProblem(await login(guess, '198.18.1.2'), 401);
    }
    const borrowed = {
      email: admin.email,
      password: TEST_PASSWORD,
      deviceToken: known.body.deviceToken,
    };
    expectProblem(await login(borrowed, '198.18.1.3'), 429, 'rate-limited');
  });

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
