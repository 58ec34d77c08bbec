import { createHmac } from 'node:crypto';
import type { MemberEntity } from '@app/database';
import {
  bearer,
  expectProblem,
  newMember,
  newOrg,
  newOrgWithAdmin,
  TEST_JWT_SECRET,
  TEST_PASSWORD,
  TestApp,
} from '@app/testing';
import {
  fetchOpenApiDocument,
  JSON_TYPE,
  listOperations,
  SchemaValidator,
} from '@app/testing/openapi';
import { countPasswordHashing } from '../../../test/password-hashing';
import { startTestApi } from '../../../test/test-api';

/** An HS256 token signed with the test secret, with exactly these claims. */
function signed(claims: object): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${unsigned}.${createHmac('sha256', TEST_JWT_SECRET).update(unsigned).digest('base64url')}`;
}

describe('auth', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_LOGIN: '3' });
  });
  afterAll(() => api.close());

  const login = (body: object) => api.http.post('/api/auth/login').send(body);

  /** One member with TEST_PASSWORD under the same email in each of `count` new organizations. */
  async function memberOfOrganizations(count: number) {
    const email = `shared-${count}-${Date.now()}@example.org`;
    const members: MemberEntity[] = [];
    const slugs: string[] = [];
    for (let index = 0; index < count; index++) {
      const org = await newOrg(api);
      members.push(await newMember(api, org.id, { email }));
      slugs.push(org.slug);
    }
    return { email, members, slugs };
  }

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
        deviceToken: expect.any(String),
      });
      const me = await api.http
        .get('/api/auth/me')
        .set('Authorization', `Bearer ${response.body.accessToken}`);
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        id: admin.id,
        organizationId: admin.organizationId,
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

    it('verifies the same number of password hashes however many organizations the email is in', async () => {
      const counts = countPasswordHashing(api);
      const verifications = async (email: string, organization?: string) => {
        const before = counts.verifications;
        const body = { email, password: 'wrong-password', ...(organization && { organization }) };
        expectProblem(await login(body), 401, 'invalid-credentials');
        return counts.verifications - before;
      };
      const shared = [await memberOfOrganizations(1), await memberOfOrganizations(2)];
      shared.push(await memberOfOrganizations(3));
      const unknown = `nobody-${Date.now()}@example.org`;
      const withoutOrganization = [await verifications(unknown)];
      const withOrganization = [await verifications(unknown, shared[0].slugs[0])];
      for (const { email, slugs } of shared) {
        withoutOrganization.push(await verifications(email));
        withOrganization.push(await verifications(email, slugs[slugs.length - 1]));
      }
      expect(new Set(withoutOrganization).size).toBe(1);
      expect(new Set(withOrganization).size).toBe(1);
    });

    it('asks for the organization when the email is in more organizations than a login checks', async () => {
      const { email, members, slugs } = await memberOfOrganizations(3);
      expectProblem(await login({ email, password: TEST_PASSWORD }), 400, 'organization-required');
      const chosen = await login({ email, password: TEST_PASSWORD, organization: slugs[2] });
      expect(chosen.status).toBe(200);
      const me = await api.http
        .get('/api/auth/me')
        .set('Authorization', `Bearer ${chosen.body.accessToken}`);
      expect(me.body.id).toBe(members[2].id);
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

    it('refuses a correctly signed token without exp', async () => {
      const { admin } = await newOrgWithAdmin(api);
      const { id: sub, organizationId: org, role, profiles, partnerId } = admin;
      const iat = Math.floor(Date.now() / 1000);
      const claims = { sub, org, role, profiles, partnerId, iat };
      const me = (token: string) =>
        api.http.get('/api/auth/me').set('Authorization', `Bearer ${token}`);
      expect((await me(signed({ ...claims, exp: iat + 60 }))).status).toBe(200);
      expectProblem(await me(signed(claims)), 401);
    });

    it("answers the caller's organization id, as documented", async () => {
      const { org, auth } = await newOrgWithAdmin(api);
      const me = await api.http.get('/api/auth/me').set(auth);
      expect(me.body.organizationId).toBe(org.id);
      const document = await fetchOpenApiDocument(api);
      const operation = listOperations(document).find(({ key }) => key === 'GET /api/auth/me');
      const schema = operation!.spec.responses['200'].content![JSON_TYPE].schema!;
      expect(new SchemaValidator(document).errors(schema, me.body)).toEqual([]);
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

  it('bearer() tokens carry the member', async () => {
    const org = await newOrg(api);
    const staff = await newMember(api, org.id, { role: 'staff', profiles: ['intake_staff'] });
    const me = await api.http.get('/api/auth/me').set(bearer(api, staff));
    expect(me.body).toMatchObject({ role: 'staff', profiles: ['intake_staff'] });
  });
});
