import type { Response } from 'supertest';
import {
  bearer,
  expectProblem,
  newMember,
  newOrg,
  newOrgWithAdmin,
  newPartner,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

type AuthHeader = Record<string, string>;

/** The distinct fields a validation problem names, sorted. */
const fieldsOf = (response: Response): string[] =>
  [...new Set<string>(response.body.errors.map((error: { field: string }) => error.field))].sort();

const OPERATING_HOURS = {
  timezone: 'America/Chicago',
  weekly_hours: {
    monday: { is_open: true, start: '09:00', end: '17:00' },
    saturday: { is_open: false },
    sunday: { is_open: false, start: '10:00', end: '12:00' },
  },
};

describe('partners', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const defaults = async (organizationId: string) =>
    (
      await api.dataSource.query(
        'SELECT id FROM partner WHERE organization_id = $1 AND is_default',
        [organizationId],
      )
    ).map((row: { id: string }) => row.id);

  describe('POST /api/partners', () => {
    it('creates a partner with 201, Location and the partner record', async () => {
      const { org, auth } = await newOrgWithAdmin(api);
      const response = await api.http
        .post('/api/partners')
        .set(auth)
        .send({
          name: 'Northside Pantry',
          slaHours: 48,
          defaultConfidential: true,
          description: 'Food and household goods',
          keywords: ['food', 'pantry'],
          website: 'https://pantry.example.org',
          publicCategoryName: 'Food',
        });
      expect(response.status).toBe(201);
      expect(response.headers.location).toBe(`/api/partners/${response.body.id}`);
      expect(response.body).toEqual({
        id: expect.any(String),
        organizationId: org.id,
        name: 'Northside Pantry',
        slaHours: 48,
        isArchived: false,
        isDefault: false,
        defaultConfidential: true,
        description: 'Food and household goods',
        keywords: ['food', 'pantry'],
        website: 'https://pantry.example.org',
        publicCategoryName: 'Food',
        createdAt: expect.stringMatching(/Z$/),
        timezone: null,
        operating_hours: null,
      });
    });

    it('applies defaults to omitted optional fields', async () => {
      const { auth } = await newOrgWithAdmin(api);
      const response = await api.http
        .post('/api/partners')
        .set(auth)
        .send({ name: 'Minimal', slaHours: 1 });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        isDefault: false,
        defaultConfidential: false,
        description: null,
        keywords: [],
        website: null,
        publicCategoryName: null,
      });
    });

    it.each([
      [{}, ['name', 'slaHours']],
      [{ name: '', slaHours: 0 }, ['name', 'slaHours']],
      [{ name: 'x'.repeat(201), slaHours: 1.5 }, ['name', 'slaHours']],
      [{ name: 'P', slaHours: '24' }, ['slaHours']],
      [{ name: 'P', slaHours: 24, website: 'ftp://example.org' }, ['website']],
      [{ name: 'P', slaHours: 24, keywords: ['ok', ''] }, ['keywords']],
      [{ name: 'P', slaHours: 24, isDefault: null }, ['isDefault']],
      [{ name: 'P', slaHours: 24, timezone: 'UTC' }, ['timezone']],
      [{ name: 'P', slaHours: 24, operating_hours: OPERATING_HOURS }, ['operating_hours']],
      [{ name: 'P', slaHours: 24, id: '7d0e5f0e-2a4a-4c1e-9a57-1d5b8f0c1a11' }, ['id']],
    ])('refuses %j with 400 naming %j', async (body, fields) => {
      const { auth } = await newOrgWithAdmin(api);
      const response = await api.http.post('/api/partners').set(auth).send(body);
      expectProblem(response, 400, 'validation-error');
      expect(fieldsOf(response)).toEqual(fields);
    });

    it('is 401 without a credential', async () => {
      expectProblem(await api.http.post('/api/partners').send({ name: 'P', slaHours: 1 }), 401);
    });

    it('is 403 for every role but org_admin', async () => {
      const org = await newOrg(api);
      const partner = await newPartner(api, org.id);
      for (const role of ['partner_admin', 'staff', 'volunteer'] as const) {
        const member = await newMember(api, org.id, { role, partnerId: partner.id });
        const response = await api.http
          .post('/api/partners')
          .set(bearer(api, member))
          .send({ name: 'P', slaHours: 1 });
        expectProblem(response, 403, 'forbidden');
      }
    });

    it('creating a default partner clears the old default', async () => {
      const { org, auth } = await newOrgWithAdmin(api);
      const first = await api.http
        .post('/api/partners')
        .set(auth)
        .send({ name: 'First', slaHours: 1, isDefault: true });
      const second = await api.http
        .post('/api/partners')
        .set(auth)
        .send({ name: 'Second', slaHours: 1, isDefault: true });
      expect(first.body.isDefault).toBe(true);
      expect(second.body.isDefault).toBe(true);
      expect(await defaults(org.id)).toEqual([second.body.id]);
    });
  });

  describe('PUT /api/partners/{id}', () => {
    const put = (id: string, auth: AuthHeader, body: object) =>
      api.http.put(`/api/partners/${id}`).set(auth).send(body);

    it('updates only the fields sent; null clears a nullable field', async () => {
      const { org, auth } = await newOrgWithAdmin(api);
      const partner = await newPartner(api, org.id, {
        description: 'Old',
        website: 'https://old.example.org',
        keywords: ['rent'],
      });
      const response = await put(partner.id, auth, { name: 'Renamed', description: null });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: partner.id,
        name: 'Renamed',
        slaHours: partner.slaHours,
        description: null,
        website: 'https://old.example.org',
        keywords: ['rent'],
      });
    });

    it('stores timezone and operating_hours and returns them exactly as sent', async () => {
      const { org, auth } = await newOrgWithAdmin(api);
      const partner = await newPartner(api, org.id);
      const response = await put(partner.id, auth, {
        timezone: 'America/New_York',
        operating_hours: OPERATING_HOURS,
      });
      expect(response.status).toBe(200);
      expect(response.body.timezone).toBe('America/New_York');
      expect(response.body.operating_hours).toStrictEqual(OPERATING_HOURS);
      const listed = await api.http.get('/api/partners').set(auth);
      expect(listed.body[0].operating_hours).toStrictEqual(OPERATING_HOURS);
      const cleared = await put(partner.id, auth, { operating_hours: null, timezone: null });
      expect(cleared.body).toMatchObject({ operating_hours: null, timezone: null });
    });

    it.each([
      [{ timezone: 'Mars/Olympus' }, ['timezone']],
      [{ name: null }, ['name']],
      [{ slaHours: null, isArchived: 'yes' }, ['isArchived', 'slaHours']],
      [{ operating_hours: { weekly_hours: [] } }, ['operating_hours.weekly_hours']],
      [
        { operating_hours: { timezone: 'Nowhere/Else', weekly_hours: {} } },
        ['operating_hours.timezone'],
      ],
      [{ operating_hours: {} }, ['operating_hours.weekly_hours']],
      [
        { operating_hours: { weekly_hours: { Monday: { is_open: false } } } },
        ['operating_hours.weekly_hours.Monday'],
      ],
      [
        { operating_hours: { weekly_hours: { funday: { is_open: false } } } },
        ['operating_hours.weekly_hours.funday'],
      ],
      [
        {
          operating_hours: {
            weekly_hours: { monday: { is_open: true, start: '9:00', end: '24:00' } },
          },
        },
        ['operating_hours.weekly_hours.monday.end', 'operating_hours.weekly_hours.monday.start'],
      ],
      [
        {
          operating_hours: {
            weekly_hours: { monday: { is_open: true, start: '17:00', end: '09:00' } },
          },
        },
        ['operating_hours.weekly_hours.monday.end'],
      ],
      [
        { operating_hours: { weekly_hours: { monday: { is_open: true } } } },
        ['operating_hours.weekly_hours.monday.end', 'operating_hours.weekly_hours.monday.start'],
      ],
      [
        { operating_hours: { weekly_hours: { monday: { start: '09:00', end: '17:00' } } } },
        ['operating_hours.weekly_hours.monday.is_open'],
      ],
      [
        { operating_hours: { weekly_hours: { monday: { is_open: false, lunch: '12:00' } } } },
        ['operating_hours.weekly_hours.monday.lunch'],
      ],
    ])('refuses %j with 400 naming %j', async (body, fields) => {
      const { org, auth } = await newOrgWithAdmin(api);
      const partner = await newPartner(api, org.id);
      const response = await put(partner.id, auth, body);
      expectProblem(response, 400, 'validation-error');
      expect(fieldsOf(response)).toEqual(fields);
    });

    it('archives and restores a partner, which stays listed with the flag', async () => {
      const { org, auth } = await newOrgWithAdmin(api);
      const partner = await newPartner(api, org.id);
      expect((await put(partner.id, auth, { isArchived: true })).body.isArchived).toBe(true);
      const listed = await api.http.get('/api/partners').set(auth);
      expect(listed.body).toEqual([expect.objectContaining({ id: partner.id, isArchived: true })]);
      expect((await put(partner.id, auth, { isArchived: false })).body.isArchived).toBe(false);
    });

    it('switches the default partner', async () => {
      const { org, auth } = await newOrgWithAdmin(api);
      const old = await newPartner(api, org.id, { isDefault: true });
      const next = await newPartner(api, org.id);
      const response = await put(next.id, auth, { isDefault: true });
      expect(response.status).toBe(200);
      expect(response.body.isDefault).toBe(true);
      expect(await defaults(org.id)).toEqual([next.id]);
      expect((await put(old.id, auth, { isDefault: true })).body.isDefault).toBe(true);
      expect(await defaults(org.id)).toEqual([old.id]);
      expect((await put(old.id, auth, { isDefault: false })).body.isDefault).toBe(false);
      expect(await defaults(org.id)).toEqual([]);
    });

    it('leaves exactly one default when switches race', async () => {
      const { org, auth } = await newOrgWithAdmin(api);
      await newPartner(api, org.id, { isDefault: true });
      const contenders = await Promise.all([1, 2, 3, 4].map(() => newPartner(api, org.id)));
      const responses = await Promise.all(
        contenders.map((partner) => put(partner.id, auth, { isDefault: true })),
      );
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
      const remaining = await defaults(org.id);
      expect(remaining).toHaveLength(1);
      expect(contenders.map((partner) => partner.id)).toContain(remaining[0]);
    });

    it('archiving the default partner clears its default flag', async () => {
      const { org, auth } = await newOrgWithAdmin(api);
      const partner = await newPartner(api, org.id, { isDefault: true });
      const response = await put(partner.id, auth, { isArchived: true });
      expect(response.body).toMatchObject({ isArchived: true, isDefault: false });
    });

    it('refuses to make an archived partner the default with 409', async () => {
      const { org, auth } = await newOrgWithAdmin(api);
      const partner = await newPartner(api, org.id, { isArchived: true });
      expectProblem(await put(partner.id, auth, { isDefault: true }), 409, 'conflict');
      const both = await put(partner.id, auth, { isDefault: true, isArchived: false });
      expect(both.body).toMatchObject({ isArchived: false, isDefault: true });
    });

    it('lets a partner_admin update its own partner, not another one or isDefault', async () => {
      const org = await newOrg(api);
      const own = await newPartner(api, org.id);
      const other = await newPartner(api, org.id);
      const partnerAdmin = bearer(
        api,
        await newMember(api, org.id, { role: 'partner_admin', partnerId: own.id }),
      );
      const updated = await put(own.id, partnerAdmin, { slaHours: 12, isArchived: true });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ slaHours: 12, isArchived: true });
      expectProblem(await put(other.id, partnerAdmin, { slaHours: 12 }), 403, 'forbidden');
      expectProblem(await put(own.id, partnerAdmin, { isDefault: false }), 403, 'forbidden');
      expectProblem(await put(own.id, partnerAdmin, { isDefault: true }), 403, 'forbidden');
      expect(await defaults(org.id)).toEqual([]);
    });

    it("refuses a partner_admin's archiving of the default partner", async () => {
      const org = await newOrg(api);
      const own = await newPartner(api, org.id, { isDefault: true });
      const partnerAdmin = bearer(
        api,
        await newMember(api, org.id, { role: 'partner_admin', partnerId: own.id }),
      );
      expectProblem(await put(own.id, partnerAdmin, { isArchived: true }), 403, 'forbidden');
    });

    it('is 403 for staff and volunteers', async () => {
      const org = await newOrg(api);
      const partner = await newPartner(api, org.id);
      for (const role of ['staff', 'volunteer'] as const) {
        const member = await newMember(api, org.id, { role, partnerId: partner.id });
        expectProblem(await put(partner.id, bearer(api, member), { slaHours: 2 }), 403);
      }
    });

    it("is 404 for another organization's or an unknown partner, 400 for a non-UUID", async () => {
      const { auth } = await newOrgWithAdmin(api);
      const foreign = await newPartner(api, (await newOrg(api)).id);
      expectProblem(await put(foreign.id, auth, { name: 'Mine' }), 404, 'not-found');
      expectProblem(await put(crypto.randomUUID(), auth, { name: 'Mine' }), 404, 'not-found');
      expectProblem(await put('not-a-uuid', auth, { name: 'Mine' }), 400, 'validation-error');
      const untouched = await api.dataSource.query('SELECT name FROM partner WHERE id = $1', [
        foreign.id,
      ]);
      expect(untouched[0].name).toBe(foreign.name);
    });

    it('is 401 without a credential', async () => {
      const { org } = await newOrgWithAdmin(api);
      const partner = await newPartner(api, org.id);
      expectProblem(await api.http.put(`/api/partners/${partner.id}`).send({ name: 'X' }), 401);
    });
  });

  describe('GET /api/partners', () => {
    it("lists the organization's partners by name to every member", async () => {
      const org = await newOrg(api);
      const zeta = await newPartner(api, org.id, { name: 'Zeta', isArchived: true });
      const alpha = await newPartner(api, org.id, { name: 'Alpha' });
      await newPartner(api, (await newOrg(api)).id, { name: 'Elsewhere' });
      for (const role of ['org_admin', 'staff', 'volunteer'] as const) {
        const member = await newMember(api, org.id, { role });
        const response = await api.http.get('/api/partners').set(bearer(api, member));
        expect(response.status).toBe(200);
        expect(response.body.map((partner: { id: string }) => partner.id)).toEqual([
          alpha.id,
          zeta.id,
        ]);
        expect(response.body[1]).toMatchObject({ name: 'Zeta', isArchived: true });
      }
    });

    it('is 401 without a credential', async () => {
      expectProblem(await api.http.get('/api/partners'), 401);
    });
  });
});
