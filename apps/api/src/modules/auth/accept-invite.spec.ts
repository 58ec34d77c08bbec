import { hashOpaqueToken } from '@app/auth';
import { MemberInvitationEntity } from '@app/database';
import { expectProblem, newMember, newOrg, TestApp } from '@app/testing';
import { countPasswordHashing } from '../../../test/password-hashing';
import { startTestApi } from '../../../test/test-api';

const NEW_PASSWORD = 'a-brand-new-password';

describe('POST /api/auth/accept-invite', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const accept = (app: TestApp, body: object) =>
    app.http.post('/api/auth/accept-invite').send(body);

  async function invite(app: TestApp, token: string, expiresAt = new Date(Date.now() + 3600_000)) {
    const org = await newOrg(app);
    const member = await newMember(app, org.id, { role: 'staff', isConfirmed: false });
    await app.dataSource.getRepository(MemberInvitationEntity).save({
      organizationId: org.id,
      memberId: member.id,
      tokenHash: hashOpaqueToken(token),
      expiresAt,
    });
    return member;
  }

  it('confirms the member, sets the password and returns tokens, once', async () => {
    const token = 'invitation-token-0123456789-abcdef';
    const member = await invite(api, token);
    const accepted = await accept(api, { token, password: NEW_PASSWORD });
    expect(accepted.status).toBe(200);
    const me = await api.http
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${accepted.body.accessToken}`);
    expect(me.body).toMatchObject({ id: member.id, isConfirmed: true });
    const login = await api.http
      .post('/api/auth/login')
      .send({ email: member.email, password: NEW_PASSWORD });
    expect(login.status).toBe(200);
    expectProblem(await accept(api, { token, password: NEW_PASSWORD }), 400, 'invalid-invitation');
  });

  it('refuses an expired invitation and a short password', async () => {
    const token = 'expired-invitation-token-0123456789';
    await invite(api, token, new Date(Date.now() - 1000));
    expectProblem(await accept(api, { token, password: NEW_PASSWORD }), 400, 'invalid-invitation');
    expectProblem(await accept(api, { token, password: 'short' }), 400, 'validation-error');
  });

  it('hashes the password only for a usable invitation', async () => {
    const token = 'hashed-invitation-token-0123456789';
    await invite(api, token);
    const counts = countPasswordHashing(api);
    const unknown = { token: 'unknown-invitation-token-0123456789', password: NEW_PASSWORD };
    expectProblem(await accept(api, unknown), 400, 'invalid-invitation');
    expect(counts.hashes).toBe(0);
    expect((await accept(api, { token, password: NEW_PASSWORD })).status).toBe(200);
    expect(counts.hashes).toBe(1);
    expectProblem(await accept(api, { token, password: NEW_PASSWORD }), 400, 'invalid-invitation');
    expect(counts.hashes).toBe(1);
  });

  describe('rate limit', () => {
    let limited: TestApp;

    beforeAll(async () => {
      limited = await startTestApi({ RATE_LIMIT_LOGIN: '1' });
    });
    afterAll(() => limited.close());

    it('answers guesses past ten times RATE_LIMIT_LOGIN per IP with 429, never a real invitation', async () => {
      const guess = (attempt: number) => ({
        token: `guessed-invitation-token-${attempt}-0123456789`,
        password: NEW_PASSWORD,
      });
      for (let attempt = 0; attempt < 10; attempt++) {
        expectProblem(await accept(limited, guess(attempt)), 400, 'invalid-invitation');
      }
      const refused = await accept(limited, guess(10));
      expectProblem(refused, 429, 'rate-limited');
      expect(refused.body.retry_after).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBe(refused.body.retry_after);

      const token = 'usable-invitation-token-0123456789';
      await invite(limited, token);
      expect((await accept(limited, { token, password: NEW_PASSWORD })).status).toBe(200);
    });
  });
});
