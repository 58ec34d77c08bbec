import { Client } from 'pg';
import { expectProblem, newOrgWithAdmin, TEST_PASSWORD, TestApp } from '@app/testing';
import { startTestApi } from '../../../test/test-api';

describe('refresh and logout', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const refresh = (refreshToken: unknown) =>
    api.http.post('/api/auth/refresh').send({ refreshToken });

  async function pair() {
    const { admin } = await newOrgWithAdmin(api);
    const login = await api.http
      .post('/api/auth/login')
      .send({ email: admin.email, password: TEST_PASSWORD });
    return { ...login.body, memberId: admin.id };
  }

  it('rotates the refresh token', async () => {
    const first = await pair();
    const second = await refresh(first.refreshToken);
    expect(second.status).toBe(200);
    expect(second.body.refreshToken).not.toBe(first.refreshToken);
    expect((await refresh(second.body.refreshToken)).status).toBe(200);
  });

  it('revokes the whole family when an old refresh token is reused', async () => {
    const first = await pair();
    const second = await refresh(first.refreshToken);
    expectProblem(await refresh(first.refreshToken), 401);
    expectProblem(await refresh(second.body.refreshToken), 401, 'invalid-refresh-token');
  });

  it('lets exactly one of parallel refreshes win, then revokes its family with the new token', async () => {
    for (let round = 0; round < 8; round++) {
      const first = await pair();
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => refresh(first.refreshToken)),
      );
      const winners = responses.filter((response) => response.status === 200);
      expect(winners).toHaveLength(1);
      for (const refused of responses.filter((response) => response.status !== 200)) {
        expectProblem(refused, 401, 'invalid-refresh-token');
      }
      expectProblem(await refresh(winners[0].body.refreshToken), 401, 'invalid-refresh-token');
    }
  });

  it('revokes what a rotation issues while an old token of its family is reused', async () => {
    for (let round = 0; round < 8; round++) {
      const first = await pair();
      const second = (await refresh(first.refreshToken)).body;
      const [rotation] = await Promise.all([
        refresh(second.refreshToken),
        refresh(first.refreshToken),
        refresh(first.refreshToken),
      ]);
      if (rotation.status === 200) {
        expectProblem(await refresh(rotation.body.refreshToken), 401, 'invalid-refresh-token');
      }
    }
  });

  it('issues nothing to a member whose deactivation commits while the refresh runs', async () => {
    const first = await pair();
    // A deactivation as the members service runs it, held open while the refresh arrives.
    const deactivation = new Client({ connectionString: api.databaseUrl });
    await deactivation.connect();
    try {
      await deactivation.query('BEGIN');
      await deactivation.query('UPDATE member SET is_active = false WHERE id = $1', [
        first.memberId,
      ]);
      await deactivation.query(
        'UPDATE refresh_token SET revoked_at = now() WHERE member_id = $1 AND revoked_at IS NULL',
        [first.memberId],
      );
      const refreshing = refresh(first.refreshToken).then((response) => response);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await deactivation.query('COMMIT');
      expectProblem(await refreshing, 401, 'invalid-refresh-token');
    } finally {
      await deactivation.end();
    }
    const [{ unrevoked }] = await api.dataSource.query(
      'SELECT count(*)::int AS unrevoked FROM refresh_token WHERE member_id = $1 AND revoked_at IS NULL',
      [first.memberId],
    );
    expect(unrevoked).toBe(0);
  });

  it('logout revokes the family', async () => {
    const first = await pair();
    const logout = await api.http
      .post('/api/auth/logout')
      .send({ refreshToken: first.refreshToken });
    expect(logout.status).toBe(204);
    expectProblem(await refresh(first.refreshToken), 401);
  });

  it('refuses an unknown or malformed refresh token, an access token included, with 401', async () => {
    const { auth } = await newOrgWithAdmin(api);
    const accessToken = auth.Authorization.replace('Bearer ', '');
    for (const refreshToken of ['x'.repeat(43), '', 'short', 'x'.repeat(5000), accessToken]) {
      expectProblem(await refresh(refreshToken), 401, 'invalid-refresh-token');
      const logout = await api.http.post('/api/auth/logout').send({ refreshToken });
      expect(logout.status).toBe(204);
    }
    expectProblem(await refresh(42), 400, 'validation-error');
  });
});
