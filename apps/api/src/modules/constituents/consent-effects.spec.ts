import type { AccessProfile } from '@assist/contracts';
import {
  bearer,
  expectProblem,
  FakeEmailApi,
  newConstituent,
  newMember,
  newPartner,
  newTextableNeed,
  startFakeEmailApi,
  TestApp,
  TextableNeed,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

type Auth = Record<string, string>;

const MARIA = { firstName: 'Maria', lastName: 'Quintanilla' };

/** What a consent changes: sends, the public survey, and what partner members see. */
describe('consent effects', () => {
  let api: TestApp;
  let fake: FakeEmailApi;

  beforeAll(async () => {
    fake = await startFakeEmailApi();
    api = await startTestApi({
      RATE_LIMIT_PUBLIC_PER_IP: '0',
      RATE_LIMIT_PUBLIC_PER_ORG: '0',
      EMAIL_ALLOW_PRIVATE_HOSTS: 'true',
      SENDGRID_API_BASE_URL: fake.url,
    });
  });
  beforeEach(() => fake.reset());
  afterAll(async () => {
    await api.close();
    await fake.close();
  });

  const consent = async (auth: Auth, constituentId: string, purpose: string, granted: boolean) => {
    const response = await api.http
      .post(`/api/constituents/${constituentId}/consents`)
      .set(auth)
      .send({ purpose, granted, method: 'VERBAL' });
    expect(response.status).toBe(201);
  };

  /** A record whose grant expired yesterday (the API takes future expiries only). */
  const expiredGrant = (fixture: { org: { id: string } }, constituentId: string, purpose: string) =>
    api.dataSource.query(
      `INSERT INTO constituent_consent
         (organization_id, constituent_id, purpose, granted, method, recorded_at, expires_at)
       VALUES ($1, $2, $3, true, 'WRITTEN', now() - interval '1 year', now() - interval '1 day')`,
      [fixture.org.id, constituentId, purpose],
    );

  const sms = (auth: Auth, needId: string) =>
    api.http.post(`/api/needs/${needId}/sms`).set(auth).send({ body: 'Your box is ready' });
  const email = (auth: Auth, needId: string) =>
    api.http
      .post(`/api/needs/${needId}/email`)
      .set(auth)
      .send({ subject: 'Your appointment', body: 'Monday 9am' });

  const interactionsOf = async (organizationId: string) =>
    (
      await api.dataSource.query(
        'SELECT count(*)::int AS n FROM interaction WHERE organization_id = $1',
        [organizationId],
      )
    )[0].n;

  function expectConsentRequired(response: { body: { purpose?: string } }, purpose: string) {
    expectProblem(response as never, 409, 'consent-required');
    expect(response.body.purpose).toBe(purpose);
  }

  /** A textable need whose organization also sends email through the fake SendGrid. */
  async function messageableNeed(): Promise<TextableNeed> {
    const fixture = await newTextableNeed(api);
    const configured = await api.http
      .put('/api/organizations/settings/email')
      .set(fixture.auth)
      .send({
        provider: 'sendgrid',
        apiKey: 'SG.test-key-0123456789abcdef',
        fromEmail: 'desk@example.org',
        fromName: 'Help Desk',
      });
    expect(configured.status).toBe(200);
    return fixture;
  }

  describe('sends', () => {
    it('refuses SMS (409 consent-required, CONTACT_SMS) while CONTACT_SMS is withdrawn', async () => {
      const { org, auth, need, constituent } = await newTextableNeed(api);
      await consent(auth, constituent.id, 'CONTACT_SMS', false);
      expectConsentRequired(await sms(auth, need.id), 'CONTACT_SMS');
      expect(await interactionsOf(org.id)).toBe(0);
      await consent(auth, constituent.id, 'CONTACT_SMS', true);
      expect((await sms(auth, need.id)).status).toBe(202);
    });

    it('refuses SMS once a CONTACT_SMS grant has expired, and sends without any record', async () => {
      const fixture = await newTextableNeed(api);
      expect((await sms(fixture.auth, fixture.need.id)).status).toBe(202);
      await expiredGrant(fixture, fixture.constituent.id, 'CONTACT_SMS');
      expectConsentRequired(await sms(fixture.auth, fixture.need.id), 'CONTACT_SMS');
    });

    it('keeps the STOP opt-out as it was, whatever the consent', async () => {
      const { auth, need, constituent } = await newTextableNeed(api);
      await consent(auth, constituent.id, 'CONTACT_SMS', true);
      expect(
        (await api.http.post(`/api/constituents/${constituent.id}/opt-out`).set(auth)).status,
      ).toBe(200);
      expectProblem(await sms(auth, need.id), 409, 'recipient-opted-out');
    });

    it('refuses email (409 consent-required, CONTACT_EMAIL) while CONTACT_EMAIL is withdrawn', async () => {
      const { org, auth, need, constituent } = await messageableNeed();
      await consent(auth, constituent.id, 'CONTACT_EMAIL', false);
      await consent(auth, constituent.id, 'CONTACT_SMS', true);
      expectConsentRequired(await email(auth, need.id), 'CONTACT_EMAIL');
      expect(fake.requests).toHaveLength(0);
      expect(await interactionsOf(org.id)).toBe(0);
      await consent(auth, constituent.id, 'CONTACT_EMAIL', true);
      expect((await email(auth, need.id)).status).toBe(200);
    });

    it('refuses email once a CONTACT_EMAIL grant has expired', async () => {
      const fixture = await messageableNeed();
      await expiredGrant(fixture, fixture.constituent.id, 'CONTACT_EMAIL');
      expectConsentRequired(await email(fixture.auth, fixture.need.id), 'CONTACT_EMAIL');
      expect((await sms(fixture.auth, fixture.need.id)).status).toBe(202);
    });
  });

  describe('the public survey', () => {
    async function publicNeed(consents: object[]) {
      const fixture = await newTextableNeed(api);
      await newPartner(api, fixture.org.id, { isDefault: true });
      const created = await api.http.post('/api/needs/public').send({
        organizationId: fixture.org.id,
        description: 'Rent help',
        contact: { firstName: 'Ines', lastName: 'Arroyo', phone: '+13125550142', consents },
      });
      expect(created.status).toBe(201);
      const [{ constituent_id: constituentId }] = await api.dataSource.query(
        'SELECT constituent_id FROM need WHERE id = $1',
        [created.body.id],
      );
      return { ...fixture, created: created.body, constituentId };
    }

    const read = (token: string) => api.http.get(`/api/surveys/${token}`);
    const answer = (token: string) =>
      api.http.post(`/api/surveys/${token}`).send({ answers: { veteran: 'no' } });

    it("is 404 (GET and POST) while the need's constituent withholds SURVEY", async () => {
      const { created } = await publicNeed([{ purpose: 'SURVEY', granted: false }]);
      expectProblem(await read(created.surveyToken), 404, 'not-found');
      expectProblem(await answer(created.surveyToken), 404, 'not-found');
    });

    it('opens again when SURVEY is granted; staff still read answers after a withdrawal', async () => {
      const { auth, created, constituentId } = await publicNeed([]);
      expect((await read(created.surveyToken)).status).toBe(200);
      expect((await answer(created.surveyToken)).status).toBe(201);
      await consent(auth, constituentId, 'SURVEY', false);
      expectProblem(await read(created.surveyToken), 404, 'not-found');
      const staffRead = await api.http.get(`/api/needs/${created.id}/survey`).set(auth);
      expect(staffRead.status).toBe(200);
      await consent(auth, constituentId, 'SURVEY', true);
      expect((await read(created.surveyToken)).status).toBe(200);
    });

    it('is 404 once a SURVEY grant has expired', async () => {
      const fixture = await publicNeed([]);
      await expiredGrant(fixture, fixture.constituentId, 'SURVEY');
      expectProblem(await read(fixture.created.surveyToken), 404, 'not-found');
    });
  });

  describe('requireSharingConsent', () => {
    const settings = (auth: Auth) => api.http.get('/api/organizations/settings').set(auth);

    async function requireSharing(fixture: TextableNeed, value: boolean) {
      const current = (await settings(fixture.auth)).body;
      const response = await api.http
        .put('/api/organizations/settings')
        .set(fixture.auth)
        .send({ name: current.name, slug: current.slug, requireSharingConsent: value });
      expect(response.status).toBe(200);
      expect(response.body.requireSharingConsent).toBe(value);
    }

    /** An organization requiring sharing consent, a need of one of its partners, and that partner's member. */
    async function sharingFixture(profiles: AccessProfile[] = []) {
      const fixture = await messageableNeed();
      const named = await api.http
        .put(`/api/constituents/${fixture.constituent.id}`)
        .set(fixture.auth)
        .send(MARIA);
      expect(named.status).toBe(200);
      await requireSharing(fixture, true);
      const member = await newMember(api, fixture.org.id, {
        role: 'partner_admin',
        partnerId: fixture.partner.id,
        profiles,
      });
      return { ...fixture, partnerMember: bearer(api, member) };
    }

    const read = (auth: Auth, id: string) => api.http.get(`/api/constituents/${id}`).set(auth);

    it('defaults to false and is set through the settings', async () => {
      const fixture = await newTextableNeed(api);
      expect((await settings(fixture.auth)).body.requireSharingConsent).toBe(false);
      await requireSharing(fixture, true);
      expect((await settings(fixture.auth)).body.requireSharingConsent).toBe(true);
    });

    it('hides the personal fields from partner members until SHARE_WITH_PARTNERS is granted', async () => {
      const { auth, constituent, partnerMember } = await sharingFixture();
      const hidden = await read(partnerMember, constituent.id);
      expect(hidden.status).toBe(200);
      expect(hidden.body).toMatchObject({
        id: constituent.id,
        firstName: null,
        lastName: null,
        phone: null,
        email: null,
        consents: { SHARE_WITH_PARTNERS: null },
      });
      expect((await read(auth, constituent.id)).body).toMatchObject({ firstName: 'Maria' });
      await consent(auth, constituent.id, 'SHARE_WITH_PARTNERS', true);
      const shown = await read(partnerMember, constituent.id);
      expect(shown.body).toMatchObject({
        firstName: 'Maria',
        phone: constituent.phone,
        consents: { SHARE_WITH_PARTNERS: { granted: true } },
      });
      await consent(auth, constituent.id, 'SHARE_WITH_PARTNERS', false);
      expect((await read(partnerMember, constituent.id)).body.firstName).toBeNull();
    });

    it('hides them again once the SHARE_WITH_PARTNERS grant has expired', async () => {
      const fixture = await sharingFixture();
      await expiredGrant(fixture, fixture.constituent.id, 'SHARE_WITH_PARTNERS');
      const response = await read(fixture.partnerMember, fixture.constituent.id);
      expect(response.body).toMatchObject({
        firstName: null,
        consents: { SHARE_WITH_PARTNERS: { granted: false } },
      });
    });

    it('masks household members one by one', async () => {
      const { auth, org, constituent, partnerMember } = await sharingFixture();
      const sibling = await newConstituent(api, org.id, {
        firstName: 'Jose',
        householdId: constituent.householdId,
      });
      await consent(auth, sibling.id, 'SHARE_WITH_PARTNERS', true);
      const household = await api.http
        .get(`/api/households/${constituent.householdId}`)
        .set(partnerMember);
      expect(household.body.members).toEqual([
        expect.objectContaining({ id: constituent.id, firstName: null }),
        expect.objectContaining({ id: sibling.id, firstName: 'Jose' }),
      ]);
    });

    it('leaves out of partner members’ searches the constituents who have not consented', async () => {
      const { auth, org, constituent, need, partnerMember } = await sharingFixture();
      const search = async (query: string) =>
        (await api.http.get(`/api/constituents${query}`).set(partnerMember)).body.map(
          (found: { id: string }) => found.id,
        );
      const queries = [
        `?query=${MARIA.firstName}%20${MARIA.lastName}`,
        `?query=${encodeURIComponent(constituent.phone as string)}`,
        `?query=${need.referenceNumber}`,
        '',
      ];
      for (const query of queries) expect(await search(query)).toEqual([]);
      const admin = await api.http.get(`/api/constituents${queries[0]}`).set(auth);
      expect(admin.body.map((found: { id: string }) => found.id)).toEqual([constituent.id]);
      await consent(auth, constituent.id, 'SHARE_WITH_PARTNERS', true);
      for (const query of queries) expect(await search(query)).toEqual([constituent.id]);
      await newConstituent(api, org.id, { firstName: 'Otto' });
      expect(await search('')).toEqual([constituent.id]);
    });

    it('follows a merge: the grant moved to the target shares it, and its end is kept', async () => {
      const { auth, org, constituent, partnerMember } = await sharingFixture();
      const source = await newConstituent(api, org.id, { firstName: 'Ana' });
      const until = new Date(Date.now() + 86_400_000).toISOString();
      const granted = await api.http
        .post(`/api/constituents/${source.id}/consents`)
        .set(auth)
        .send({
          purpose: 'SHARE_WITH_PARTNERS',
          granted: true,
          method: 'WRITTEN',
          expiresAt: until,
        });
      expect(granted.status).toBe(201);
      const listed = async () =>
        (await api.http.get('/api/constituents').set(partnerMember)).body.map(
          (found: { id: string }) => found.id,
        );
      expect(await listed()).toEqual([source.id]);
      const merged = await api.http
        .post('/api/constituents/merge')
        .set(auth)
        .send({ sourceConstituentId: source.id, targetConstituentId: constituent.id });
      expect(merged.status).toBe(200);
      expect(await listed()).toEqual([constituent.id]);
      expect((await read(partnerMember, constituent.id)).body.firstName).toBe('Maria');
      const [row] = await api.dataSource.query(
        'SELECT shared_with_partners_until FROM constituent WHERE id = $1',
        [constituent.id],
      );
      expect(row.shared_with_partners_until.toISOString()).toBe(until);
    });

    it('refuses partner members’ SMS and email sends (409, SHARE_WITH_PARTNERS) until granted', async () => {
      const { auth, org, need, constituent, partnerMember } = await sharingFixture();
      expectConsentRequired(await sms(partnerMember, need.id), 'SHARE_WITH_PARTNERS');
      expectConsentRequired(await email(partnerMember, need.id), 'SHARE_WITH_PARTNERS');
      expect(await interactionsOf(org.id)).toBe(0);
      expect((await sms(auth, need.id)).status).toBe(202);
      await consent(auth, constituent.id, 'SHARE_WITH_PARTNERS', true);
      expect((await sms(partnerMember, need.id)).status).toBe(202);
      expect((await email(partnerMember, need.id)).status).toBe(200);
    });

    it('changes nothing while the setting is off, or for members without a partner', async () => {
      const fixture = await sharingFixture();
      const orgStaff = bearer(
        api,
        await newMember(api, fixture.org.id, {
          role: 'staff',
          profiles: ['pii_reader', 'sms_communicator'],
        }),
      );
      expect((await read(orgStaff, fixture.constituent.id)).body.firstName).toBe('Maria');
      expect((await sms(orgStaff, fixture.need.id)).status).toBe(202);
      await requireSharing(fixture, false);
      expect((await read(fixture.partnerMember, fixture.constituent.id)).body.firstName).toBe(
        'Maria',
      );
      expect((await sms(fixture.partnerMember, fixture.need.id)).status).toBe(202);
    });

    it('keeps partner members without pii_reader as they were: nothing personal', async () => {
      const fixture = await sharingFixture();
      const processor = bearer(
        api,
        await newMember(api, fixture.org.id, {
          role: 'staff',
          partnerId: fixture.partner.id,
          profiles: ['needs_processor'],
        }),
      );
      await consent(fixture.auth, fixture.constituent.id, 'SHARE_WITH_PARTNERS', true);
      expect((await read(processor, fixture.constituent.id)).body.firstName).toBeNull();
    });
  });
});
