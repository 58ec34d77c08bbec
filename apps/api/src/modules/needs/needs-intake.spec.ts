import { addBusinessHours, REFERENCE_NUMBER_PATTERN, slaSchedule } from '@app/domain';
import {
  bearer,
  expectProblem,
  newConstituent,
  newMember,
  newNeed,
  newOrg,
  newOrgWithAdmin,
  newPartner,
  TestApp,
} from '@app/testing';
import { fetchOpenApiDocument } from '@app/testing/openapi';
import { startTestApi } from '../../../test/test-api';

describe('need intake', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_PUBLIC_PER_IP: '0' });
  });
  afterAll(() => api.close());

  const submit = (body: object) => api.http.post('/api/needs/public').send(body);
  /** All the public intake answers: nothing tells an anonymous caller whether a person is known. */
  const PUBLIC_FIELDS = ['id', 'referenceNumber', 'slaHours', 'surveyLink', 'surveyToken'];

  async function storedNeed(id: string) {
    const [row] = await api.dataSource.query('SELECT * FROM need WHERE id = $1', [id]);
    return row;
  }

  describe('POST /api/needs/public', () => {
    it('records the need and answers 201 with its tracking data', async () => {
      const org = await newOrg(api, { shortCode: 'HELPS' });
      const partner = await newPartner(api, org.id, { isDefault: true, slaHours: 48 });
      const response = await submit({ organizationId: org.id, description: 'We need groceries' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.any(String),
        referenceNumber: expect.stringMatching(/^HELPS-/),
        surveyToken: expect.stringMatching(/^[0-9a-f-]{36}$/),
        surveyLink: `http://app.test/survey/${response.body.surveyToken}`,
        slaHours: 48,
      });
      expect(response.body.referenceNumber).toMatch(REFERENCE_NUMBER_PATTERN);
      expect(response.headers.location).toBe(`/api/needs/${response.body.id}`);
      const row = await storedNeed(response.body.id);
      expect(row).toMatchObject({
        organization_id: org.id,
        partner_id: partner.id,
        status: 'NEW',
        created_by: null,
        is_confidential: false,
        survey_token: response.body.surveyToken,
        sla_hours: 48,
      });
      expect(row.due_date.getTime() - row.created_at.getTime()).toBeLessThan(48 * 3600_000 + 5_000);
      expect(row.due_date.getTime() - row.created_at.getTime()).toBeGreaterThan(
        48 * 3600_000 - 5_000,
      );
    });

    it('prefixes reference numbers with REF when the organization has no short code', async () => {
      const org = await newOrg(api);
      await newPartner(api, org.id, { isDefault: true });
      const response = await submit({ organizationId: org.id, description: 'Help' });
      expect(response.body.referenceNumber).toMatch(/^REF-[2-9A-HJKMNP-Z]{6}$/);
    });

    it("counts the due date in the partner's open hours", async () => {
      const org = await newOrg(api);
      const hours = {
        timezone: 'America/Chicago',
        weekly_hours: { tuesday: { is_open: true, start: '10:00', end: '12:00' } },
      };
      await newPartner(api, org.id, { isDefault: true, slaHours: 3, operatingHours: hours });
      const response = await submit({ organizationId: org.id, description: 'Help' });
      const row = await storedNeed(response.body.id);
      const expected = addBusinessHours(row.created_at, 3, slaSchedule(hours, null));
      expect(Math.abs(row.due_date.getTime() - expected.getTime())).toBeLessThan(5_000);
      expect(row.due_date.getUTCDay()).toBe(2);
    });

    describe('routing', () => {
      async function partners() {
        const org = await newOrg(api);
        const fallback = await newPartner(api, org.id, { isDefault: true, name: 'Triage' });
        const pantry = await newPartner(api, org.id, {
          name: 'Pantry',
          keywords: ['food', 'groceries'],
        });
        const housing = await newPartner(api, org.id, {
          name: 'Housing',
          keywords: ['rent', 'Éviction'],
        });
        return { org, fallback, pantry, housing };
      }

      async function routedTo(body: object) {
        const response = await submit(body);
        expect(response.status).toBe(201);
        return (await storedNeed(response.body.id)).partner_id;
      }

      it('uses an explicit partnerId', async () => {
        const { org, housing } = await partners();
        expect(
          await routedTo({ organizationId: org.id, description: 'food', partnerId: housing.id }),
        ).toBe(housing.id);
      });

      it('matches keywords as whole words, ignoring case and accents; the best score wins', async () => {
        const { org, pantry, housing } = await partners();
        expect(await routedTo({ organizationId: org.id, description: 'No FOOD at home' })).toBe(
          pantry.id,
        );
        expect(await routedTo({ organizationId: org.id, description: 'eviction notice' })).toBe(
          housing.id,
        );
        expect(
          await routedTo({
            organizationId: org.id,
            description: 'Rent due, eviction, and no food',
          }),
        ).toBe(housing.id);
      });

      it('falls back to the default partner when no keyword matches', async () => {
        const { org, fallback } = await partners();
        expect(await routedTo({ organizationId: org.id, description: 'seafood recipes' })).toBe(
          fallback.id,
        );
      });

      it('never routes to an archived partner', async () => {
        const { org, fallback, pantry } = await partners();
        await api.dataSource.query('UPDATE partner SET is_archived = true WHERE id = $1', [
          pantry.id,
        ]);
        expect(await routedTo({ organizationId: org.id, description: 'food' })).toBe(fallback.id);
        const explicit = await submit({
          organizationId: org.id,
          description: 'food',
          partnerId: pantry.id,
        });
        expectProblem(explicit, 400, 'validation-error');
        expect(explicit.body.errors).toEqual([{ field: 'partnerId', message: expect.any(String) }]);
      });

      it('is a 400 when nothing matches and there is no default partner', async () => {
        const org = await newOrg(api);
        await newPartner(api, org.id, { keywords: ['food'] });
        const response = await submit({
          organizationId: org.id,
          description: 'a ride to the clinic',
        });
        expectProblem(response, 400, 'validation-error');
      });
    });

    it("defaults isConfidential to the partner's defaultConfidential", async () => {
      const org = await newOrg(api);
      const partner = await newPartner(api, org.id, { isDefault: true, defaultConfidential: true });
      const byDefault = await submit({ organizationId: org.id, description: 'Help' });
      expect((await storedNeed(byDefault.body.id)).is_confidential).toBe(true);
      const explicit = await submit({
        organizationId: org.id,
        description: 'Help',
        partnerId: partner.id,
        isConfidential: false,
      });
      expect((await storedNeed(explicit.body.id)).is_confidential).toBe(false);
    });

    it('links a constituent (and its household), a parent need and custom fields of the organization', async () => {
      const org = await newOrg(api);
      const partner = await newPartner(api, org.id, { isDefault: true });
      const constituent = await newConstituent(api, org.id);
      const parent = await newNeed(api, org.id, partner.id);
      const response = await submit({
        organizationId: org.id,
        description: 'Second step',
        constituentId: constituent.id,
        parentNeedId: parent.id,
        customFields: { familySize: 4, diet: ['vegetarian'] },
      });
      expect(response.status).toBe(201);
      expect(await storedNeed(response.body.id)).toMatchObject({
        constituent_id: constituent.id,
        household_id: constituent.householdId,
        parent_need_id: parent.id,
        custom_fields: { familySize: 4, diet: ['vegetarian'] },
      });
    });

    it('answers an unknown and a disabled organization alike with 400', async () => {
      const disabled = await newOrg(api, { orgStatus: 'DISABLED' });
      await newPartner(api, disabled.id, { isDefault: true });
      const unknown = await submit({
        organizationId: '2f1f4c4e-8f7c-4d0e-9d59-3a3c0c1b8e21',
        description: 'x',
      });
      const off = await submit({ organizationId: disabled.id, description: 'x' });
      expectProblem(unknown, 400, 'validation-error');
      expectProblem(off, 400, 'validation-error');
      expect(off.body).toEqual({ ...unknown.body });
    });

    it("refuses another organization's partner, constituent, household and parent need with 400", async () => {
      const org = await newOrg(api);
      await newPartner(api, org.id, { isDefault: true });
      const other = await newOrg(api);
      const foreignPartner = await newPartner(api, other.id);
      const foreignConstituent = await newConstituent(api, other.id);
      const foreignNeed = await newNeed(api, other.id, foreignPartner.id);
      for (const [field, value] of [
        ['partnerId', foreignPartner.id],
        ['constituentId', foreignConstituent.id],
        ['householdId', foreignConstituent.householdId],
        ['parentNeedId', foreignNeed.id],
      ]) {
        const response = await submit({ organizationId: org.id, description: 'x', [field]: value });
        expectProblem(response, 400, 'validation-error');
        expect(response.body.errors).toEqual([{ field, message: expect.any(String) }]);
      }
    });

    it("refuses a household that is not the constituent's", async () => {
      const org = await newOrg(api);
      await newPartner(api, org.id, { isDefault: true });
      const one = await newConstituent(api, org.id);
      const another = await newConstituent(api, org.id);
      const response = await submit({
        organizationId: org.id,
        description: 'x',
        constituentId: one.id,
        householdId: another.householdId,
      });
      expectProblem(response, 400, 'validation-error');
    });

    it('creates or matches a constituent from a contact; only staff learn of likely duplicates', async () => {
      const { org, auth } = await newOrgWithAdmin(api);
      await newPartner(api, org.id, { isDefault: true });
      const existing = await newConstituent(api, org.id, {
        firstName: 'Maria',
        lastName: 'Lopez',
        phone: '+12025550123',
      });
      const fresh = await submit({
        organizationId: org.id,
        description: 'Help',
        contact: { firstName: 'Ana', lastName: 'Silva', email: 'ana.silva@example.org' },
      });
      expect(fresh.status).toBe(201);
      expect(Object.keys(fresh.body).sort()).toEqual(PUBLIC_FIELDS);
      const row = await storedNeed(fresh.body.id);
      expect(row.constituent_id).toEqual(expect.any(String));
      expect(row.household_id).toEqual(expect.any(String));

      const same = await submit({
        organizationId: org.id,
        description: 'Help again',
        contact: { firstName: 'Maria', lastName: 'Lopez', phone: '+1 202 555 0123' },
      });
      expect((await storedNeed(same.body.id)).constituent_id).toBe(existing.id);

      const similar = await submit({
        organizationId: org.id,
        description: 'Help',
        contact: { firstName: 'Marta', lastName: 'Perez', phone: '+12025550123' },
      });
      expect(Object.keys(similar.body).sort()).toEqual(PUBLIC_FIELDS);
      const seenByStaff = await api.http.get(`/api/needs/${similar.body.id}`).set(auth);
      expect(seenByStaff.body.duplicateWarning).toMatch(/resembles 1 existing constituent/);
      expect((await storedNeed(similar.body.id)).duplicate_warning).toBe(
        seenByStaff.body.duplicateWarning,
      );
    });

    it('documents exactly the tracking fields as its response', async () => {
      const document = await fetchOpenApiDocument(api);
      const created = document.paths['/api/needs/public'].post?.responses['201'];
      const { $ref } = created?.content?.['application/json']?.schema ?? {};
      const schema = document.components.schemas[$ref?.split('/').pop() ?? ''];
      expect(Object.keys(schema.properties ?? {}).sort()).toEqual(PUBLIC_FIELDS);
      expect([...(schema.required ?? [])].sort()).toEqual(PUBLIC_FIELDS);
    });

    it('refuses a contact together with a constituent, and an invalid contact', async () => {
      const org = await newOrg(api);
      await newPartner(api, org.id, { isDefault: true });
      const constituent = await newConstituent(api, org.id);
      const both = await submit({
        organizationId: org.id,
        description: 'x',
        constituentId: constituent.id,
        contact: { firstName: 'Ana' },
      });
      expectProblem(both, 400, 'validation-error');
      const invalid = await submit({
        organizationId: org.id,
        description: 'x',
        contact: { addressZip: '1' },
      });
      expectProblem(invalid, 400, 'validation-error');
    });

    it('validates the body', async () => {
      const org = await newOrg(api);
      const response = await submit({
        organizationId: 'nope',
        description: '',
        status: 'NEW',
        extra: 1,
      });
      expectProblem(response, 400, 'validation-error');
      expect(response.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(
        expect.arrayContaining(['description', 'extra', 'organizationId', 'status']),
      );
      expectProblem(await submit({ description: 'x' }), 400, 'validation-error');
      expectProblem(
        await submit({ organizationId: org.id, description: 'x', customFields: [] }),
        400,
      );
    });
  });

  describe('POST /api/needs (staff intake)', () => {
    const create = (auth: Record<string, string>, body: object) =>
      api.http.post('/api/needs').set(auth).send(body);

    it('records the need with the member as its creator and returns it', async () => {
      const { org } = await newOrgWithAdmin(api);
      const partner = await newPartner(api, org.id, { isDefault: true, slaHours: 12 });
      const staff = await newMember(api, org.id, { role: 'staff', profiles: ['intake_staff'] });
      const response = await create(bearer(api, staff), { description: 'Walk-in: needs a coat' });
      expect(response.status).toBe(201);
      expect(response.headers.location).toBe(`/api/needs/${response.body.id}`);
      expect(response.body).toMatchObject({
        organizationId: org.id,
        partnerId: partner.id,
        status: 'NEW',
        description: 'Walk-in: needs a coat',
        createdBy: staff.id,
        slaHours: 12,
        isOverdue: false,
        customFields: {},
        assignedTo: null,
        outcome: null,
        resolvedAt: null,
      });
      expect(response.body.referenceNumber).toMatch(REFERENCE_NUMBER_PATTERN);
    });

    it('records a partner member’s needs for its own partner only', async () => {
      const { org } = await newOrgWithAdmin(api);
      await newPartner(api, org.id, { isDefault: true });
      const own = await newPartner(api, org.id);
      const pantry = await newPartner(api, org.id, { keywords: ['food'] });
      const partnerAdmin = await newMember(api, org.id, {
        role: 'partner_admin',
        partnerId: own.id,
      });
      const routed = await create(bearer(api, partnerAdmin), { description: 'food' });
      expect(routed.body.partnerId).toBe(own.id);
      expectProblem(
        await create(bearer(api, partnerAdmin), { description: 'food', partnerId: pantry.id }),
        400,
        'validation-error',
      );
    });

    it('names as parent only a need the member can see', async () => {
      const { org } = await newOrgWithAdmin(api);
      const partner = await newPartner(api, org.id, { isDefault: true });
      const staff = await newMember(api, org.id, { role: 'staff', profiles: ['intake_staff'] });
      const othersNeed = await newNeed(api, org.id, partner.id);
      const response = await create(bearer(api, staff), {
        description: 'x',
        parentNeedId: othersNeed.id,
      });
      expectProblem(response, 400, 'validation-error');
      const own = await create(bearer(api, staff), { description: 'first' });
      expect(
        (await create(bearer(api, staff), { description: 'x', parentNeedId: own.body.id })).status,
      ).toBe(201);
    });

    it('is 401 without a credential, 403 without the permission, 400 for an organizationId', async () => {
      const { org, auth } = await newOrgWithAdmin(api);
      await newPartner(api, org.id, { isDefault: true });
      expectProblem(await api.http.post('/api/needs').send({ description: 'x' }), 401);
      for (const member of [
        await newMember(api, org.id, { role: 'staff', profiles: ['needs_processor'] }),
        await newMember(api, org.id, { role: 'volunteer' }),
      ]) {
        expectProblem(await create(bearer(api, member), { description: 'x' }), 403);
      }
      expectProblem(
        await create(auth, { description: 'x', organizationId: org.id }),
        400,
        'validation-error',
      );
    });

    it("refuses another organization's partner with 400", async () => {
      const { org, auth } = await newOrgWithAdmin(api);
      await newPartner(api, org.id, { isDefault: true });
      const foreign = await newPartner(api, (await newOrg(api)).id);
      expectProblem(
        await create(auth, { description: 'x', partnerId: foreign.id }),
        400,
        'validation-error',
      );
    });
  });
});
