import {
  auditEntries,
  newMember,
  newOrg,
  newOrgWithAdmin,
  TEST_PASSWORD,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

describe('audit entries of logins', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_LOGIN: '0' });
  });
  afterAll(() => api.close());

  const login = (body: object) =>
    api.http.post('/api/auth/login').set('X-Request-Id', 'login-request').send(body);

  it('records auth.login in the organization, by and about the member who logged in', async () => {
    const { org, admin } = await newOrgWithAdmin(api);
    const response = await login({ email: admin.email, password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    expect(await auditEntries(api, org.id)).toEqual([
      expect.objectContaining({
        actorType: 'MEMBER',
        actorId: admin.id,
        action: 'auth.login',
        subjectType: 'member',
        subjectId: admin.id,
        requestId: 'login-request',
        clientIp: expect.stringMatching(/\d/),
        details: { method: 'password' },
      }),
    ]);
  });

  it('records auth.login_failed in each organization where the email names a member', async () => {
    const email = `twice-${Date.now()}@example.org`;
    const [a, b, bystander] = [await newOrg(api), await newOrg(api), await newOrg(api)];
    const inA = await newMember(api, a.id, { email, role: 'staff' });
    const inB = await newMember(api, b.id, { email, role: 'staff' });
    const response = await login({ email, password: 'not the password at all' });
    expect(response.status).toBe(401);
    for (const [org, member] of [
      [a, inA],
      [b, inB],
    ] as const) {
      expect(await auditEntries(api, org.id)).toEqual([
        expect.objectContaining({
          actorType: 'PUBLIC',
          actorId: null,
          action: 'auth.login_failed',
          subjectType: 'member',
          subjectId: member.id,
          requestId: 'login-request',
          details: {},
        }),
      ]);
    }
    expect(await auditEntries(api, bystander.id)).toEqual([]);
    expect(JSON.stringify(await auditEntries(api, a.id))).not.toContain(email);
  });
});
