import type { Response } from 'supertest';
import { OrganizationEmailSettingsEntity } from '@app/database';
import {
  bearer,
  expectProblem,
  newMember,
  newOrg,
  newOrgWithAdmin,
  newPartner,
  TEST_PASSWORD,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

type AuthHeader = Record<string, string>;

const fieldsOf = (response: Response): string[] =>
  [...new Set<string>(response.body.errors.map((error: { field: string }) => error.field))].sort();

const NEW_PASSWORD = 'a-brand-new-password';

describe('members', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ APP_URL_ALLOWLIST: 'http://app.test,https://console.example.org' });
  });
  afterAll(() => api.close());

  const invite = (auth: AuthHeader, body: object) =>
    api.http.post('/api/members').set(auth).send(body);
  const login = (email: string, password = TEST_PASSWORD) =>
    api.http.post('/api/auth/login').send({ email, password });
  const me = (auth: AuthHeader) => api.http.get('/api/auth/me').set(auth);

  /** An organization with an admin, a partner with its admin and staff, and another partner. */
  async function world() {
    const { org, admin, auth } = await newOrgWithAdmin(api);
    const partner = await newPartner(api, org.id, { name: 'Own Partner' });
    const otherPartner = await newPartner(api, org.id);
    const partnerAdmin = await newMember(api, org.id, {
      role: 'partner_admin',
      partnerId: partner.id,
    });
    const staff = await newMember(api, org.id, { role: 'staff', partnerId: partner.id });
    const otherStaff = await newMember(api, org.id, { role: 'staff', partnerId: otherPartner.id });
    return { org, admin, auth, partner, otherPartner, partnerAdmin, staff, otherStaff };
  }

  describe('POST /api/members', () => {
    it('adds an unconfirmed member with an invitation (NOT_SENT without a provider)', async () => {
      const { org, auth, partner } = await world();
      const response = await invite(auth, {
        email: 'new.staff@example.org',
        fullName: 'New Staff',
        role: 'staff',
        partnerId: partner.id,
        profiles: ['intake_staff', 'pii_reader'],
        phone: '+1 (202) 555-0123',
      });
      expect(response.status).toBe(201);
      expect(response.headers.location).toBe(`/api/members/${response.body.id}`);
      expect(response.body).toEqual({
        id: expect.any(String),
        email: 'new.staff@example.org',
        fullName: 'New Staff',
        role: 'staff',
        partnerId: partner.id,
        partnerName: 'Own Partner',
        profiles: ['intake_staff', 'pii_reader'],
        phone: '+12025550123',
        isConfirmed: false,
        smsOptedOut: null,
        isActive: true,
        createdAt: expect.stringMatching(/Z$/),
        invitationUrl: expect.stringMatching(
          /^http:\/\/app\.test\/accept-invite\?token=[\w-]{43}$/,
        ),
        invitationStatus: 'NOT_SENT',
      });
      const [invitation] = await api.dataSource.query(
        'SELECT organization_id, expires_at, used_at FROM member_invitation WHERE member_id = $1',
        [response.body.id],
      );
      expect(invitation.organization_id).toBe(org.id);
      expect(invitation.used_at).toBeNull();
      const sevenDays = Date.now() + 7 * 24 * 3600_000;
      expect(Math.abs(invitation.expires_at.getTime() - sevenDays)).toBeLessThan(60_000);
      const read = await api.http.get(`/api/members/${response.body.id}`).set(auth);
      expect(read.body).not.toHaveProperty('invitationUrl');
    });

    it('the invitation link lets the member set a password once and log in', async () => {
      const { auth } = await world();
      const created = await invite(auth, {
        email: 'invited@example.org',
        fullName: 'Invited',
        role: 'volunteer',
      });
      expectProblem(await login('invited@example.org'), 401);
      const token = new URL(created.body.invitationUrl).searchParams.get('token');
      const accepted = await api.http
        .post('/api/auth/accept-invite')
        .send({ token, password: NEW_PASSWORD });
      expect(accepted.status).toBe(200);
      const own = await me({ Authorization: `Bearer ${accepted.body.accessToken}` });
      expect(own.body).toMatchObject({ id: created.body.id, isConfirmed: true });
      expect((await login('invited@example.org', NEW_PASSWORD)).status).toBe(200);
      const again = await api.http
        .post('/api/auth/accept-invite')
        .send({ token, password: NEW_PASSWORD });
      expectProblem(again, 400, 'invalid-invitation');
    });

    it('builds the link on an allowed appUrl and refuses other origins', async () => {
      const { auth } = await world();
      const body = { fullName: 'Console User', role: 'staff' };
      const allowed = await invite(auth, {
        ...body,
        email: 'console@example.org',
        appUrl: 'https://console.example.org/app/',
      });
      expect(allowed.body.invitationUrl).toMatch(
        /^https:\/\/console\.example\.org\/app\/accept-invite\?token=/,
      );
      const refused = await invite(auth, {
        ...body,
        email: 'phished@example.org',
        appUrl: 'https://evil.example.com',
      });
      expectProblem(refused, 400, 'validation-error');
      expect(fieldsOf(refused)).toEqual(['appUrl']);
      const rows = await api.dataSource.query('SELECT 1 FROM member WHERE email = $1', [
        'phished@example.org',
      ]);
      expect(rows).toHaveLength(0);
    });

    it('reports FAILED when delivery fails, and still adds the member', async () => {
      const { org, auth } = await world();
      await api.dataSource.getRepository(OrganizationEmailSettingsEntity).save({
        organizationId: org.id,
        provider: 'smtp',
        apiKeyCiphertext: Buffer.from('not a ciphertext'),
        apiKeyKeyId: 'unknown',
        apiKeyLast4: 'xxxx',
        fromEmail: 'office@example.org',
      });
      const response = await invite(auth, {
        email: 'undelivered@example.org',
        fullName: 'Undelivered',
        role: 'staff',
      });
      expect(response.status).toBe(201);
      expect(response.body.invitationStatus).toBe('FAILED');
      expect(response.body.invitationUrl).toMatch(/accept-invite\?token=/);
    });

    it.each([
      [{}, ['email', 'fullName', 'role']],
      [{ email: 'not-an-email', fullName: '', role: 'admin' }, ['email', 'fullName', 'role']],
      [{ profiles: ['boss'] }, ['profiles']],
      [{ profiles: ['pii_reader', 'pii_reader'] }, ['profiles']],
      [{ profiles: null }, ['profiles']],
      [{ phone: '202-555-0123' }, ['phone']],
      [{ phone: '+1555' }, ['phone']],
      [{ partnerId: 'partner-one' }, ['partnerId']],
      [{ appUrl: 'ftp://app.test' }, ['appUrl']],
      [{ isConfirmed: true }, ['isConfirmed']],
    ])('refuses %j with 400 naming %j', async (change, fields) => {
      const { auth } = await world();
      const body = Object.keys(change).length
        ? { email: 'valid@example.org', fullName: 'Valid', role: 'staff', ...change }
        : {};
      const response = await invite(auth, body);
      expectProblem(response, 400, 'validation-error');
      expect(fieldsOf(response)).toEqual(fields);
    });

    it('requires a partner of the organization for a partner_admin (400 partnerId)', async () => {
      const { auth } = await world();
      const foreignPartner = await newPartner(api, (await newOrg(api)).id);
      for (const partnerId of [undefined, foreignPartner.id, crypto.randomUUID()]) {
        const response = await invite(auth, {
          email: 'pa@example.org',
          fullName: 'Partner Admin',
          role: 'partner_admin',
          partnerId,
        });
        expectProblem(response, 400, 'validation-error');
        expect(fieldsOf(response)).toEqual(['partnerId']);
      }
    });

    it('refuses a taken email, in any letter case, with 409', async () => {
      const { auth, staff } = await world();
      const response = await invite(auth, {
        email: staff.email.toUpperCase(),
        fullName: 'Twin',
        role: 'staff',
      });
      expectProblem(response, 409, 'conflict');
    });

    it('lets a partner_admin invite staff and volunteers of its own partner only', async () => {
      const { partner, otherPartner, partnerAdmin } = await world();
      const auth = bearer(api, partnerAdmin);
      const body = { fullName: 'Helper', profiles: ['intake_staff'] };
      const own = await invite(auth, { ...body, email: 'helper@example.org', role: 'staff' });
      expect(own.status).toBe(201);
      expect(own.body).toMatchObject({ partnerId: partner.id, partnerName: 'Own Partner' });
      for (const refused of [
        { role: 'org_admin' },
        { role: 'partner_admin', partnerId: partner.id },
        { role: 'volunteer', partnerId: otherPartner.id },
        { role: 'staff', partnerId: null, profiles: ['duplicate_resolver'] },
        { role: 'staff', profiles: ['sms_manager'] },
      ]) {
        const response = await invite(auth, { ...body, email: 'no@example.org', ...refused });
        expectProblem(response, 403, 'forbidden');
      }
    });

    it('is 401 without a credential and 403 for staff and volunteers', async () => {
      const { org } = await world();
      const body = { email: 'x@example.org', fullName: 'X', role: 'staff' };
      expectProblem(await api.http.post('/api/members').send(body), 401);
      for (const role of ['staff', 'volunteer'] as const) {
        const member = await newMember(api, org.id, { role });
        expectProblem(await invite(bearer(api, member), body), 403, 'forbidden');
      }
    });
  });

  describe('GET /api/members and /api/members/{id}', () => {
    it('lists the whole organization for an org admin, with partner names', async () => {
      const { auth, admin, partnerAdmin, staff, otherStaff } = await world();
      await newMember(api, (await newOrg(api)).id);
      const response = await api.http.get('/api/members').set(auth);
      expect(response.status).toBe(200);
      const ids = response.body.map((member: { id: string }) => member.id);
      expect([...ids].sort()).toEqual([admin.id, partnerAdmin.id, staff.id, otherStaff.id].sort());
      const emails = response.body.map((member: { email: string }) => member.email);
      expect(emails).toEqual([...emails].sort());
      expect(response.body.find((member: { id: string }) => member.id === staff.id)).toMatchObject({
        partnerName: 'Own Partner',
      });
    });

    it("lists only its partner's members for a partner admin", async () => {
      const { partnerAdmin, staff } = await world();
      const response = await api.http.get('/api/members').set(bearer(api, partnerAdmin));
      const ids = response.body.map((member: { id: string }) => member.id);
      expect(ids.sort()).toEqual([partnerAdmin.id, staff.id].sort());
    });

    it('reads a member; other partners and organizations are 404', async () => {
      const { auth, admin, staff, otherStaff, partnerAdmin } = await world();
      const read = await api.http.get(`/api/members/${staff.id}`).set(auth);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id: staff.id, partnerName: 'Own Partner' });
      const asPartnerAdmin = bearer(api, partnerAdmin);
      expect((await api.http.get(`/api/members/${staff.id}`).set(asPartnerAdmin)).status).toBe(200);
      for (const hidden of [otherStaff.id, admin.id]) {
        const response = await api.http.get(`/api/members/${hidden}`).set(asPartnerAdmin);
        expectProblem(response, 404, 'not-found');
      }
      const foreign = await newMember(api, (await newOrg(api)).id);
      expectProblem(await api.http.get(`/api/members/${foreign.id}`).set(auth), 404, 'not-found');
      expectProblem(await api.http.get('/api/members/42').set(auth), 400, 'validation-error');
    });

    it('is 401 without a credential and 403 for staff', async () => {
      const { staff } = await world();
      expectProblem(await api.http.get('/api/members'), 401);
      expectProblem(await api.http.get(`/api/members/${staff.id}`), 401);
      expectProblem(await api.http.get('/api/members').set(bearer(api, staff)), 403);
      expectProblem(await api.http.get(`/api/members/${staff.id}`).set(bearer(api, staff)), 403);
    });
  });

  describe('PATCH /api/members/{id}', () => {
    const patch = (auth: AuthHeader, id: string, body: object) =>
      api.http.patch(`/api/members/${id}`).set(auth).send(body);

    it('changes role, profiles, partner, name, phone; null clears phone and partner', async () => {
      const { auth, staff, otherPartner } = await world();
      const response = await patch(auth, staff.id, {
        role: 'volunteer',
        profiles: ['needs_processor'],
        partnerId: otherPartner.id,
        fullName: 'Renamed',
        phone: '+44 7911 123456',
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: staff.id,
        role: 'volunteer',
        profiles: ['needs_processor'],
        partnerId: otherPartner.id,
        partnerName: otherPartner.name,
        fullName: 'Renamed',
        phone: '+447911123456',
        email: staff.email,
      });
      const cleared = await patch(auth, staff.id, { phone: null, partnerId: null });
      expect(cleared.body).toMatchObject({ phone: null, partnerId: null, partnerName: null });
    });

    it('applies a role change to the next request of the member', async () => {
      const { org, auth } = await world();
      const secondAdmin = await newMember(api, org.id, { role: 'org_admin' });
      const token = bearer(api, secondAdmin);
      expect((await api.http.get('/api/members').set(token)).status).toBe(200);
      expect((await patch(auth, secondAdmin.id, { role: 'staff' })).status).toBe(200);
      expectProblem(await api.http.get('/api/members').set(token), 403, 'forbidden');
    });

    it.each([
      [{ role: null }, ['role']],
      [{ fullName: null, profiles: null }, ['fullName', 'profiles']],
      [{ role: 'partner_admin' }, ['partnerId']],
      [{ email: 'changed@example.org' }, ['email']],
      [{ isActive: true }, ['isActive']],
    ])('refuses %j with 400 naming %j', async (body, fields) => {
      const { org, auth } = await world();
      const unassigned = await newMember(api, org.id, { role: 'staff' });
      const response = await patch(auth, unassigned.id, body);
      expectProblem(response, 400, 'validation-error');
      expect(fieldsOf(response)).toEqual(fields);
    });

    it('refuses to leave a partner_admin without a partner (400 partnerId)', async () => {
      const { auth, partnerAdmin } = await world();
      const response = await patch(auth, partnerAdmin.id, { partnerId: null });
      expectProblem(response, 400, 'validation-error');
      expect(fieldsOf(response)).toEqual(['partnerId']);
    });

    it('refuses to demote the last active org admin with 409', async () => {
      const { org, auth, admin } = await world();
      expectProblem(await patch(auth, admin.id, { role: 'staff' }), 409, 'conflict');
      await newMember(api, org.id, { role: 'org_admin', isActive: false });
      expectProblem(await patch(auth, admin.id, { role: 'staff' }), 409, 'conflict');
      await newMember(api, org.id, { role: 'org_admin' });
      expect((await patch(auth, admin.id, { role: 'staff' })).status).toBe(200);
    });

    it('lets a partner admin change only staff and volunteers of its own partner', async () => {
      const { org, partner, otherPartner, partnerAdmin, staff, otherStaff } = await world();
      const auth = bearer(api, partnerAdmin);
      const changed = await patch(auth, staff.id, {
        role: 'volunteer',
        profiles: ['intake_staff'],
      });
      expect(changed.status).toBe(200);
      expectProblem(await patch(auth, otherStaff.id, { fullName: 'X' }), 404, 'not-found');
      const peer = await newMember(api, org.id, { role: 'partner_admin', partnerId: partner.id });
      for (const [id, body] of [
        [peer.id, { fullName: 'Peer' }],
        [partnerAdmin.id, { fullName: 'Myself' }],
        [staff.id, { role: 'partner_admin' }],
        [staff.id, { partnerId: otherPartner.id }],
        [staff.id, { partnerId: null }],
        [staff.id, { profiles: ['intake_staff', 'duplicate_resolver'] }],
      ] as const) {
        expectProblem(await patch(auth, id, body), 403, 'forbidden');
      }
    });

    it('keeps profiles a partner admin could not grant when it changes others', async () => {
      const { auth, partnerAdmin, staff } = await world();
      await patch(auth, staff.id, { profiles: ['duplicate_resolver'] });
      const response = await patch(bearer(api, partnerAdmin), staff.id, {
        profiles: ['duplicate_resolver', 'intake_staff'],
      });
      expect(response.status).toBe(200);
      expect(response.body.profiles).toEqual(['duplicate_resolver', 'intake_staff']);
    });

    it("is 404 for another organization's member, 401 without and 403 for staff", async () => {
      const { auth, staff } = await world();
      const foreign = await newMember(api, (await newOrg(api)).id, { role: 'staff' });
      expectProblem(await patch(auth, foreign.id, { fullName: 'Mine' }), 404, 'not-found');
      expectProblem(await api.http.patch(`/api/members/${staff.id}`).send({}), 401);
      expectProblem(await patch(bearer(api, staff), staff.id, { fullName: 'Me' }), 403);
    });
  });

  describe('DELETE /api/members/{id}', () => {
    const remove = (auth: AuthHeader, id: string) =>
      api.http.delete(`/api/members/${id}`).set(auth);

    it('deactivates: token, login and refresh refused at once; record stays readable', async () => {
      const { auth, staff } = await world();
      const session = (await login(staff.email)).body;
      const staffAuth = bearer(api, staff);
      expect((await me(staffAuth)).status).toBe(200);
      const response = await remove(auth, staff.id);
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      expectProblem(await me(staffAuth), 401);
      expectProblem(await me({ Authorization: `Bearer ${session.accessToken}` }), 401);
      expectProblem(await login(staff.email), 401, 'invalid-credentials');
      const refreshed = await api.http
        .post('/api/auth/refresh')
        .send({ refreshToken: session.refreshToken });
      expectProblem(refreshed, 401, 'invalid-refresh-token');
      const [{ active }] = await api.dataSource.query(
        `SELECT count(*)::int AS active FROM refresh_token
          WHERE member_id = $1 AND revoked_at IS NULL`,
        [staff.id],
      );
      expect(active).toBe(0);
      const read = await api.http.get(`/api/members/${staff.id}`).set(auth);
      expect(read.body).toMatchObject({ id: staff.id, isActive: false });
      expect((await remove(auth, staff.id)).status).toBe(204);
    });

    it('refuses to deactivate the last active org admin with 409', async () => {
      const { auth, admin } = await world();
      expectProblem(await remove(auth, admin.id), 409, 'conflict');
      expect((await me(auth)).status).toBe(200);
    });

    it("lets a partner admin deactivate its partner's staff; others are 404 or 403", async () => {
      const { org, admin, partner, partnerAdmin, staff, otherStaff } = await world();
      const auth = bearer(api, partnerAdmin);
      expect((await remove(auth, staff.id)).status).toBe(204);
      expectProblem(await remove(auth, otherStaff.id), 404, 'not-found');
      expectProblem(await remove(auth, admin.id), 404, 'not-found');
      const peer = await newMember(api, org.id, { role: 'partner_admin', partnerId: partner.id });
      expectProblem(await remove(auth, peer.id), 403, 'forbidden');
    });

    it("is 404 for another organization's member, 401 without and 403 for staff", async () => {
      const { auth, staff } = await world();
      const foreign = await newMember(api, (await newOrg(api)).id, { role: 'staff' });
      expectProblem(await remove(auth, foreign.id), 404, 'not-found');
      const [{ is_active }] = await api.dataSource.query(
        'SELECT is_active FROM member WHERE id = $1',
        [foreign.id],
      );
      expect(is_active).toBe(true);
      expectProblem(await api.http.delete(`/api/members/${staff.id}`), 401);
      expectProblem(await remove(bearer(api, staff), staff.id), 403, 'forbidden');
    });
  });
});
