import { DataSource } from 'typeorm';
import { hashOpaqueToken } from '@app/auth';
import { MemberInvitationEntity } from '@app/database';
import {
  bearer,
  expectProblem,
  newMember,
  newOrg,
  newOrgWithAdmin,
  TEST_PASSWORD,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

describe('auth', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_LOGIN: '3' });
  });
  afterAll(() => api.close());

  const login = (body: object) => api.http.post('/api/auth/login').send(body);

  describe('POST /api/auth/login', () => {
    it('returns a token pair for a confirmed, active member', async () => {
      const { admin } = await newOrgWithAdmin(api);
      const response = await login({ email: admin.email, password: TEST_PASSWORD });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
        expiresIn: 900,
        tokenType: 'Bearer',
      });
      const me = await api.http
        .get('/api/auth/me')
        .set('Authorization', `Bearer ${response.body.accessToken}`);
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        id: admin.id,
        email: admin.email,
        role: 'org_admin',
        isConfirmed: true,
      });
    });

    it('answers a wrong password and an unknown email alike with 401', async () => {
      const { admin } = await newOrgWithAdmin(api);
      const wrong = await login({ email: admin.email, password: 'not-the-password' });
      const unknown = await login({ email: 'nobody@example.org', password: 'not-the-password' });
      expectProblem(wrong, 401, 'invalid-credentials');
      expectProblem(unknown, 401, 'invalid-credentials');
      expect(wrong.body.detail).toBe(unknown.body.detail);
    });

    it('refuses unconfirmed and deactivated members', async () => {
      const org = await newOrg(api);
      const unconfirmed = await newMember(api, org.id, { isConfirmed: false });
      const inactive = await newMember(api, org.id, { isActive: false });
      expectProblem(await login({ email: unconfirmed.email, password: TEST_PASSWORD }), 401);
      expectProblem(await login({ email: inactive.email, password: TEST_PASSWORD }), 401);
    });

    it('asks for the organization when the credentials match members of two organizations', async () => {
      const first = await newOrg(api);
      const second = await newOrg(api);
      const email = `shared-${Date.now()}@example.org`;
      await newMember(api, first.id, { email });
      const inSecond = await newMember(api, second.id, { email });
      expectProblem(await login({ email, password: TEST_PASSWORD }), 400, 'organization-required');
      const chosen = await login({ email, password: TEST_PASSWORD, organization: second.slug });
      expect(chosen.status).toBe(200);
      const me = await api.http
        .get('/api/auth/me')
        .set('Authorization', `Bearer ${chosen.body.accessToken}`);
      expect(me.body.id).toBe(inSecond.id);
    });

    it('validates the body', async () => {
      const response = await login({ email: 'not-an-email', password: '', extra: true });
      expectProblem(response, 400, 'validation-error');
      expect(response.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
        'email',
        'extra',
        'password',
      ]);
    });

    it('locks an email out after RATE_LIMIT_LOGIN failures with 429 and retry_after', async () => {
      const { admin } = await newOrgWithAdmin(api);
      for (let attempt = 0; attempt < 3; attempt++) {
        expect((await login({ email: admin.email, password: 'wrong-password' })).status).toBe(401);
      }
      const locked = await login({ email: admin.email, password: TEST_PASSWORD });
      expectProblem(locked, 429, 'rate-limited');
      expect(locked.body.retry_after).toBeGreaterThan(0);
      expect(Number(locked.headers['retry-after'])).toBe(locked.body.retry_after);
    });
  });

  describe('GET /api/auth/me', () => {
    it('is 401 without, or with a malformed, credential', async () => {
      expectProblem(await api.http.get('/api/auth/me'), 401);
      expectProblem(
        await api.http.get('/api/auth/me').set('Authorization', 'Bearer nonsense'),
        401,
      );
    });

    it('refuses a deactivated member at once, even with an unexpired token', async () => {
      const { admin, auth } = await newOrgWithAdmin(api);
      expect((await api.http.get('/api/auth/me').set(auth)).status).toBe(200);
      await api.dataSource.query('UPDATE member SET is_active = false WHERE id = $1', [admin.id]);
      expectProblem(await api.http.get('/api/auth/me').set(auth), 401);
    });

    it('refuses at once every time, with the member cached and the change made elsewhere', async () => {
      for (let round = 0; round < 20; round++) {
        const { admin, auth } = await newOrgWithAdmin(api);
        for (let warm = 0; warm < 3; warm++) {
          expect((await api.http.get('/api/auth/me').set(auth)).status).toBe(200);
        }
        // As another process (the system pool, not this process's member writes) would.
        await api.dataSource.query('UPDATE member SET is_active = false WHERE id = $1', [admin.id]);
        expectProblem(await api.http.get('/api/auth/me').set(auth), 401);
      }
    });
  });

  describe('POST /api/auth/accept-invite', () => {
    async function invite(
      dataSource: DataSource,
      token: string,
      expiresAt = new Date(Date.now() + 3600_000),
    ) {
      const org = await newOrg(api);
      const member = await newMember(api, org.id, { role: 'staff', isConfirmed: false });
      await dataSource.getRepository(MemberInvitationEntity).save({
        organizationId: org.id,
        memberId: member.id,
        tokenHash: hashOpaqueToken(token),
        expiresAt,
      });
      return member;
    }

    it('confirms the member, sets the password and returns tokens, once', async () => {
      const token = 'invitation-token-0123456789-abcdef';
      const member = await invite(api.dataSource, token);
      const accepted = await api.http
        .post('/api/auth/accept-invite')
        .send({ token, password: 'a-brand-new-password' });
      expect(accepted.status).toBe(200);
      const me = await api.http
        .get('/api/auth/me')
        .set('Authorization', `Bearer ${accepted.body.accessToken}`);
      expect(me.body).toMatchObject({ id: member.id, isConfirmed: true });
      expect((await login({ email: member.email, password: 'a-brand-new-password' })).status).toBe(
        200,
      );
      expectProblem(
        await api.http
          .post('/api/auth/accept-invite')
          .send({ token, password: 'a-brand-new-password' }),
        400,
        'invalid-invitation',
      );
    });

    it('refuses an expired invitation and a short password', async () => {
      const token = 'expired-invitation-token-0123456789';
      await invite(api.dataSource, token, new Date(Date.now() - 1000));
      expectProblem(
        await api.http
          .post('/api/auth/accept-invite')
          .send({ token, password: 'a-brand-new-password' }),
        400,
        'invalid-invitation',
      );
      expectProblem(
        await api.http.post('/api/auth/accept-invite').send({ token, password: 'short' }),
        400,
        'validation-error',
      );
    });
  });

  it('bearer() tokens carry the member', async () => {
    const org = await newOrg(api);
    const staff = await newMember(api, org.id, { role: 'staff', profiles: ['intake_staff'] });
    const me = await api.http.get('/api/auth/me').set(bearer(api, staff));
    expect(me.body).toMatchObject({ role: 'staff', profiles: ['intake_staff'] });
  });
});
