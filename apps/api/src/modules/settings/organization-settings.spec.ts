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

const PATH = '/api/organizations/settings';

/** A value for every writable field of the document's settings table, plus timezone. */
const EVERY_FIELD = {
  name: 'Harbor Food Bank',
  legalName: 'Harbor Food Bank Inc.',
  orgStatus: 'ENABLED',
  maxConcurrency: 4,
  tcrStatus: 'campaign approved',
  tcrBrandStatus: 'verified',
  tcrCampaignStatus: 'pending',
  phoneStatus: 'assigned',
  profileStatus: 'active',
  tcrBrandId: 'BRAND123',
  tcrCampaignId: 'CAMP456',
  provisioningError: 'number order timed out',
  redirectPhoneNumber: '+1 (202) 555-0123',
  einTaxId: '12-3456789',
  dailySmsCap: 500,
  monthlySmsBudget: 12000,
  quietHoursEnabled: true,
  quietHoursStart: '21:00',
  quietHoursEnd: '08:00',
  bypassQuietHoursForEmergency: false,
  smsSenderName: 'Harbor',
  supportEmail: 'help@harbor.example.org',
  supportPhone: '+442071838750',
  street: '1 Dock Street',
  city: 'Toronto',
  state: 'ON',
  zip: 'M5V 2T6',
  legalStreet: '200 Main St',
  legalCity: 'San Juan',
  legalState: 'PR',
  legalZip: '00901',
  timezone: 'America/Puerto_Rico',
  requireSharingConsent: true,
};

describe('organization settings', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const put = (auth: Record<string, string>, body: object) =>
    api.http.put(PATH).set(auth).send(body);

  async function adminWithSlug() {
    const { org, auth } = await newOrgWithAdmin(api);
    return { org, auth, required: { name: org.name, slug: org.slug } };
  }

  describe('GET /api/organizations/settings', () => {
    it('returns every field, with the defaults of a new organization', async () => {
      const { org, auth } = await newOrgWithAdmin(api);
      const response = await api.http.get(PATH).set(auth);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: org.id,
        name: org.name,
        legalName: null,
        slug: org.slug,
        shortCode: null,
        orgStatus: 'ENABLED',
        maxConcurrency: 1,
        tcrStatus: null,
        tcrBrandStatus: 'unregistered',
        tcrCampaignStatus: 'unregistered',
        phoneStatus: 'unassigned',
        profileStatus: 'unconfigured',
        tcrBrandId: null,
        tcrCampaignId: null,
        provisioningError: null,
        provisioningStepErrors: {},
        phoneNumber: null,
        redirectPhoneNumber: null,
        einTaxId: null,
        dailySmsCap: 1000,
        monthlySmsBudget: 10000,
        quietHoursEnabled: false,
        quietHoursStart: null,
        quietHoursEnd: null,
        bypassQuietHoursForEmergency: true,
        smsSenderName: null,
        supportEmail: null,
        supportPhone: null,
        street: null,
        city: null,
        state: null,
        zip: null,
        legalStreet: null,
        legalCity: null,
        legalState: null,
        legalZip: null,
        timezone: 'UTC',
        requireSharingConsent: false,
        ceilings: api.config.smsSettingCeilings,
      });
    });

    it('shows the server-owned provisioning fields', async () => {
      const { org, auth } = await newOrgWithAdmin(api);
      await api.dataSource.query(
        `UPDATE organization SET phone_number = '+12025550100',
           provisioning_step_errors = '{"order_number": {"code": "timeout"}}' WHERE id = $1`,
        [org.id],
      );
      const response = await api.http.get(PATH).set(auth);
      expect(response.body).toMatchObject({
        phoneNumber: '+12025550100',
        provisioningStepErrors: { order_number: { code: 'timeout' } },
      });
    });

    it('is open to sms_manager and closed (403) to other staff', async () => {
      const org = await newOrg(api);
      const manager = await newMember(api, org.id, { role: 'staff', profiles: ['sms_manager'] });
      const staff = await newMember(api, org.id, { role: 'staff', profiles: ['intake_staff'] });
      const partner = await newPartner(api, org.id);
      const partnerAdmin = await newMember(api, org.id, {
        role: 'partner_admin',
        partnerId: partner.id,
      });
      expect((await api.http.get(PATH).set(bearer(api, manager))).body.id).toBe(org.id);
      expectProblem(await api.http.get(PATH).set(bearer(api, staff)), 403);
      expectProblem(await api.http.get(PATH).set(bearer(api, partnerAdmin)), 403);
    });

    it('is 401 without a credential', async () => {
      expectProblem(await api.http.get(PATH), 401);
    });
  });

  describe('PUT /api/organizations/settings', () => {
    it('sets every field, stores phones normalized and returns what GET returns', async () => {
      const { org, auth } = await newOrgWithAdmin(api);
      const body = { ...EVERY_FIELD, slug: `${org.slug}-x`, shortCode: uniqueShortCode() };
      const response = await put(auth, body);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        ...body,
        id: org.id,
        redirectPhoneNumber: '+12025550123',
        provisioningStepErrors: {},
        phoneNumber: null,
        ceilings: api.config.smsSettingCeilings,
      });
      expect((await api.http.get(PATH).set(auth)).body).toEqual(response.body);
      const [row] = await api.dataSource.query(
        'SELECT redirect_phone_number, support_phone FROM organization WHERE id = $1',
        [org.id],
      );
      expect(row).toEqual({
        redirect_phone_number: '+12025550123',
        support_phone: '+442071838750',
      });
    });

    it('leaves omitted fields unchanged and clears nullable fields sent as null', async () => {
      const { auth, required } = await adminWithSlug();
      await put(auth, { ...required, legalName: 'Kept Inc.', city: 'Chicago', dailySmsCap: 7 });
      const response = await put(auth, { ...required, city: null });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ legalName: 'Kept Inc.', city: null, dailySmsCap: 7 });
    });

    it('round-trips orgStatus DISABLED and back', async () => {
      const { org, auth, required } = await adminWithSlug();
      expect((await put(auth, { ...required, orgStatus: 'DISABLED' })).body.orgStatus).toBe(
        'DISABLED',
      );
      expect((await api.http.get(PATH).set(auth)).body.orgStatus).toBe('DISABLED');
      const [row] = await api.dataSource.query(
        'SELECT org_status FROM organization WHERE id = $1',
        [org.id],
      );
      expect(row.org_status).toBe('DISABLED');
      expect((await put(auth, { ...required, orgStatus: 'ENABLED' })).body.orgStatus).toBe(
        'ENABLED',
      );
    });

    it('requires name and slug', async () => {
      const { auth } = await newOrgWithAdmin(api);
      const response = await put(auth, { city: 'Chicago' });
      expectProblem(response, 400, 'validation-error');
      expect(fieldsOf(response)).toEqual(['name', 'slug']);
    });

    it.each([
      ['name', ''],
      ['name', 'x'.repeat(201)],
      ['slug', 'ab'],
      ['slug', 'a'.repeat(64)],
      ['slug', 'Upper-Case'],
      ['slug', 'double--dash'],
      ['slug', '-leading'],
      ['shortCode', 'ABC'],
      ['shortCode', 'ABCDEFG'],
      ['shortCode', 'abcd'],
      ['shortCode', 'AB12'],
      ['orgStatus', 'enabled'],
      ['orgStatus', 'PAUSED'],
      ['maxConcurrency', -1],
      ['maxConcurrency', 1.5],
      ['maxConcurrency', '3'],
      ['dailySmsCap', -1],
      ['dailySmsCap', 2 ** 31],
      ['monthlySmsBudget', -10],
      ['tcrStatus', ''],
      ['tcrBrandStatus', 'approved'],
      ['tcrCampaignStatus', 'Verified'],
      ['phoneStatus', 'active'],
      ['profileStatus', 'pending'],
      ['tcrBrandId', 42],
      ['provisioningError', 'x'.repeat(2001)],
      ['redirectPhoneNumber', '2025550123'],
      ['redirectPhoneNumber', '+15551234567'],
      ['supportPhone', '+1202555'],
      ['supportEmail', 'not-an-email'],
      ['einTaxId', '12345'],
      ['quietHoursEnabled', 'yes'],
      ['quietHoursStart', '24:00'],
      ['quietHoursStart', '9:00'],
      ['quietHoursEnd', '12:60'],
      ['bypassQuietHoursForEmergency', 1],
      ['smsSenderName', 'x'.repeat(51)],
      ['state', 'Illinois'],
      ['zip', '!'],
      ['legalState', 'XX'],
      ['legalState', 'il'],
      ['legalZip', '1234'],
      ['legalZip', '123456'],
      ['timezone', 'Mars/Olympus_Mons'],
      ['timezone', '+01:00'],
      ['requireSharingConsent', 'true'],
    ])('refuses %s = %j', async (field, value) => {
      const { auth, required } = await adminWithSlug();
      const response = await put(auth, { ...required, [field]: value });
      expectProblem(response, 400, 'validation-error');
      expect(fieldsOf(response)).toEqual([field]);
    });

    it.each([
      'orgStatus',
      'maxConcurrency',
      'tcrBrandStatus',
      'tcrCampaignStatus',
      'phoneStatus',
      'profileStatus',
      'dailySmsCap',
      'monthlySmsBudget',
      'quietHoursEnabled',
      'bypassQuietHoursForEmergency',
      'timezone',
      'requireSharingConsent',
      'name',
      'slug',
    ])('refuses null for %s, which cannot be cleared', async (field) => {
      const { auth, required } = await adminWithSlug();
      const response = await put(auth, { ...required, [field]: null });
      expectProblem(response, 400, 'validation-error');
      expect(fieldsOf(response)).toEqual([field]);
    });

    it.each([
      ['id', '6f1c3a52-8f7e-4c1a-9b1d-2f3e4a5b6c7d'],
      ['provisioningStepErrors', {}],
      ['phoneNumber', '+12025550100'],
      ['createdAt', '2026-01-01T00:00:00Z'],
    ])('refuses the server-owned field %s as unknown', async (field, value) => {
      const { auth, required } = await adminWithSlug();
      const response = await put(auth, { ...required, [field]: value });
      expectProblem(response, 400, 'validation-error');
      expect(fieldsOf(response)).toEqual([field]);
    });

    it.each(['maxConcurrency', 'dailySmsCap', 'monthlySmsBudget'] as const)(
      'accepts %s at its system ceiling and refuses one above it, naming the field',
      async (field) => {
        const ceiling = api.config.smsSettingCeilings[field];
        const { auth, required } = await adminWithSlug();
        const atCeiling = await put(auth, { ...required, [field]: ceiling });
        expect(atCeiling.status).toBe(200);
        expect(atCeiling.body[field]).toBe(ceiling);
        const above = await put(auth, { ...required, [field]: ceiling + 1 });
        expectProblem(above, 400, 'validation-error');
        const message = `${field} must not be greater than ${ceiling}`;
        expect(above.body.errors).toEqual([{ field, message }]);
        expect(above.body.detail).toBe(message);
        expect((await api.http.get(PATH).set(auth)).body[field]).toBe(ceiling);
      },
    );

    it('names every SMS setting above its ceiling in one problem', async () => {
      const { maxConcurrency, dailySmsCap } = api.config.smsSettingCeilings;
      const { auth, required } = await adminWithSlug();
      const response = await put(auth, {
        ...required,
        maxConcurrency: maxConcurrency + 1,
        dailySmsCap: dailySmsCap + 1,
        monthlySmsBudget: 1,
      });
      expectProblem(response, 400, 'validation-error');
      expect(fieldsOf(response)).toEqual(['dailySmsCap', 'maxConcurrency']);
    });

    it('requires the quiet hours window when quiet hours are enabled', async () => {
      const { auth, required } = await adminWithSlug();
      const response = await put(auth, {
        ...required,
        quietHoursEnabled: true,
        quietHoursEnd: '07:00',
      });
      expectProblem(response, 400, 'validation-error');
      expect(fieldsOf(response)).toEqual(['quietHoursStart']);
    });

    it('answers 409 for a slug another organization uses', async () => {
      const other = await newOrg(api);
      const { auth } = await newOrgWithAdmin(api);
      const response = await put(auth, { name: 'Taken', slug: other.slug });
      expectProblem(response, 409, 'conflict');
      expect(fieldsOf(response)).toEqual(['slug']);
    });

    it('answers 409 for a shortCode another organization uses', async () => {
      const shortCode = uniqueShortCode();
      await newOrg(api, { shortCode });
      const { auth, required } = await adminWithSlug();
      const response = await put(auth, { ...required, shortCode });
      expectProblem(response, 409, 'conflict');
      expect(fieldsOf(response)).toEqual(['shortCode']);
    });

    it("keeps the organization's own slug and shortCode without conflict", async () => {
      const shortCode = uniqueShortCode();
      const { auth, required } = await adminWithSlug();
      expect((await put(auth, { ...required, shortCode })).status).toBe(200);
      expect((await put(auth, { ...required, shortCode })).status).toBe(200);
    });

    it('is refused (403) to sms_manager, partner_admin and staff, and 401 without a credential', async () => {
      const org = await newOrg(api);
      const required = { name: org.name, slug: org.slug };
      for (const member of [
        await newMember(api, org.id, { role: 'staff', profiles: ['sms_manager'] }),
        await newMember(api, org.id, {
          role: 'partner_admin',
          partnerId: (await newPartner(api, org.id)).id,
        }),
        await newMember(api, org.id, { role: 'staff' }),
      ]) {
        expectProblem(await put(bearer(api, member), required), 403);
      }
      expectProblem(await api.http.put(PATH).send(required), 401);
    });
  });
});

function fieldsOf(response: { body: { errors?: { field: string }[] } }): string[] {
  return [...new Set((response.body.errors ?? []).map((error) => error.field))].sort();
}

function uniqueShortCode(): string {
  return Array.from({ length: 6 }, () =>
    String.fromCharCode(65 + Math.floor(Math.random() * 26)),
  ).join('');
}
