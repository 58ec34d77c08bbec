import type { AccessProfile } from '@assist/contracts';
import {
  bearer,
  expectProblem,
  newConstituent,
  newMember,
  newNeed,
  newOrgWithAdmin,
  newPartner,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';
import { insertNeed } from '../../../test/related-rows';

const MARIA = {
  firstName: 'Maria',
  lastName: 'Lopez',
  phone: '+12025550123',
  email: 'maria.lopez@example.org',
  addressStreet: '12 Oak St Apt 3',
  addressCity: 'Springfield',
  addressState: 'IL',
  addressZip: '62704',
  dateOfBirth: '1980-05-01',
};

const NO_CONSENTS = {
  SHARE_WITH_PARTNERS: null,
  CONTACT_SMS: null,
  CONTACT_EMAIL: null,
  SURVEY: null,
};

const REDACTED = {
  firstName: null,
  lastName: null,
  phone: null,
  email: null,
  addressStreet: null,
  addressCity: null,
  dateOfBirth: null,
};

describe('constituents', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  async function orgWith(...profiles: AccessProfile[]) {
    const setup = await newOrgWithAdmin(api);
    const staff = await newMember(api, setup.org.id, { role: 'staff', profiles });
    return { ...setup, staff: bearer(api, staff) };
  }

  const create = (auth: Record<string, string>, body: object) =>
    api.http.post('/api/constituents').set(auth).send(body);

  describe('POST /api/constituents', () => {
    it('creates a constituent in a new household: 201, Location, the record and no matches', async () => {
      const { auth, org } = await orgWith();
      const response = await create(auth, MARIA);
      expect(response.status).toBe(201);
      expect(response.headers.location).toBe(`/api/constituents/${response.body.id}`);
      expect(response.body).toEqual({
        id: expect.any(String),
        householdId: expect.any(String),
        ...MARIA,
        smsOptedOut: false,
        consents: NO_CONSENTS,
        erasedAt: null,
        matches: [],
      });
      const [household] = await api.dataSource.query(
        'SELECT organization_id FROM household WHERE id = $1',
        [response.body.householdId],
      );
      expect(household.organization_id).toBe(org.id);
    });

    it('joins a household of the organization, and refuses another organization’s', async () => {
      const { auth, org } = await orgWith();
      const existing = await newConstituent(api, org.id);
      const joined = await create(auth, { firstName: 'Jose', householdId: existing.householdId });
      expect(joined.status).toBe(201);
      expect(joined.body.householdId).toBe(existing.householdId);
      const other = await orgWith();
      const foreign = await newConstituent(api, other.org.id);
      const refused = await create(auth, { firstName: 'Jose', householdId: foreign.householdId });
      expectProblem(refused, 400, 'validation-error');
      expect(refused.body.errors).toEqual([{ field: 'householdId', message: expect.any(String) }]);
    });

    it('stores a phone number written with spaces in E.164 and trims text', async () => {
      const { auth } = await orgWith();
      const response = await create(auth, { firstName: '  Ana ', phone: '+1 (202) 555-0199' });
      expect(response.body).toMatchObject({ firstName: 'Ana', phone: '+12025550199' });
    });

    it('raises household matches for likely duplicates and returns them', async () => {
      const { auth, org } = await orgWith();
      const existing = await newConstituent(api, org.id, {
        firstName: 'William',
        lastName: 'Turner',
        dateOfBirth: '1958-07-19',
      });
      const response = await create(auth, {
        firstName: 'Bill',
        lastName: 'Turner',
        dateOfBirth: '1958-07-19',
      });
      expect(response.body.matches).toEqual([
        {
          id: expect.any(String),
          constituentId: response.body.id,
          candidateConstituentId: existing.id,
          householdId: response.body.householdId,
          candidateHouseholdId: existing.householdId,
          score: 0.9,
          reasons: ['NAME_DOB'],
          sharedReasons: [],
          kind: 'PERSON',
          status: 'PENDING',
          resolvedBy: null,
          resolvedAt: null,
          createdAt: expect.stringMatching(/Z$/),
        },
      ]);
    });

    it.each([
      ['addressZip', { addressZip: '1234' }],
      ['addressZip', { addressZip: '123456' }],
      ['addressZip', { addressZip: 62704 }],
      ['addressState', { addressState: 'XX' }],
      ['addressState', { addressState: 'il' }],
      ['phone', { phone: '2025550123' }],
      ['phone', { phone: '+15551234567' }],
      ['phone', { phone: '+1202555' }],
      ['dateOfBirth', { dateOfBirth: '2023-02-30' }],
      ['dateOfBirth', { dateOfBirth: '1980-13-01' }],
      ['dateOfBirth', { dateOfBirth: '01/05/1980' }],
      ['dateOfBirth', { dateOfBirth: '2999-01-01' }],
      ['email', { email: 'not-an-email' }],
      ['firstName', { firstName: '' }],
      ['firstName', { firstName: 'x'.repeat(201) }],
      ['id', { id: '00000000-0000-4000-8000-000000000000' }],
      ['householdId', { householdId: 'not-a-uuid' }],
    ])('refuses an invalid %s with 400', async (field, invalid) => {
      const { auth } = await orgWith();
      const response = await create(auth, { ...MARIA, ...invalid });
      expectProblem(response, 400, 'validation-error');
      expect(response.body.errors.map((error: { field: string }) => error.field)).toEqual([field]);
    });

    it('refuses a constituent without a name, phone or email', async () => {
      const { auth } = await orgWith();
      expectProblem(await create(auth, { addressZip: '62704' }), 400, 'validation-error');
    });

    it('is 401 without a token and 403 without constituent write access', async () => {
      const { staff } = await orgWith('needs_processor', 'pii_reader');
      expectProblem(await create({}, MARIA), 401);
      expectProblem(await create(staff, MARIA), 403);
    });

    it('lets intake staff create, with personal fields redacted in the answer', async () => {
      const { staff } = await orgWith('intake_staff');
      const response = await create(staff, MARIA);
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ ...REDACTED, addressState: 'IL', addressZip: '62704' });
    });
  });

  describe('GET /api/constituents/{id}', () => {
    it('returns the record', async () => {
      const { auth, org } = await orgWith();
      const constituent = await newConstituent(api, org.id, MARIA);
      const response = await api.http.get(`/api/constituents/${constituent.id}`).set(auth);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: constituent.id,
        householdId: constituent.householdId,
        ...MARIA,
        smsOptedOut: false,
        consents: NO_CONSENTS,
        erasedAt: null,
      });
    });

    it('redacts personal fields for a needs processor without pii_reader', async () => {
      const { org } = await orgWith();
      const constituent = await newConstituent(api, org.id, MARIA);
      const processor = await newMember(api, org.id, {
        role: 'staff',
        profiles: ['needs_processor'],
      });
      const reader = await newMember(api, org.id, {
        role: 'staff',
        profiles: ['needs_processor', 'pii_reader'],
      });
      const redacted = await api.http
        .get(`/api/constituents/${constituent.id}`)
        .set(bearer(api, processor));
      expect(redacted.body).toEqual({
        id: constituent.id,
        householdId: constituent.householdId,
        ...REDACTED,
        addressState: 'IL',
        addressZip: '62704',
        smsOptedOut: false,
        consents: NO_CONSENTS,
        erasedAt: null,
      });
      const full = await api.http
        .get(`/api/constituents/${constituent.id}`)
        .set(bearer(api, reader));
      expect(full.body).toMatchObject(MARIA);
    });

    it('is 404 for another organization’s constituent and 400 for a malformed id', async () => {
      const { auth } = await orgWith();
      const other = await orgWith();
      const foreign = await newConstituent(api, other.org.id);
      expectProblem(
        await api.http.get(`/api/constituents/${foreign.id}`).set(auth),
        404,
        'not-found',
      );
      expectProblem(await api.http.get('/api/constituents/12').set(auth), 400, 'validation-error');
    });

    it('is 401 without a token and 403 for a member without constituent read access', async () => {
      const { org, staff } = await orgWith('sms_communicator');
      const constituent = await newConstituent(api, org.id);
      expectProblem(await api.http.get(`/api/constituents/${constituent.id}`), 401);
      expectProblem(await api.http.get(`/api/constituents/${constituent.id}`).set(staff), 403);
    });
  });

  describe('PUT /api/constituents/{id}', () => {
    const put = (auth: Record<string, string>, id: string, body: object) =>
      api.http.put(`/api/constituents/${id}`).set(auth).send(body);

    it('changes the sent fields, keeps the omitted ones and clears nulls', async () => {
      const { auth, org } = await orgWith();
      const constituent = await newConstituent(api, org.id, MARIA);
      const response = await put(auth, constituent.id, { lastName: 'López-García', email: null });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: constituent.id,
        householdId: constituent.householdId,
        ...MARIA,
        lastName: 'López-García',
        email: null,
        smsOptedOut: false,
        consents: NO_CONSENTS,
        erasedAt: null,
      });
      const [row] = await api.dataSource.query(
        'SELECT name_key, email FROM constituent WHERE id = $1',
        [constituent.id],
      );
      expect(row).toEqual({ name_key: 'maria lopez garcia', email: null });
    });

    it('raises a match when the new values resemble another constituent', async () => {
      const { auth, org } = await orgWith();
      const other = await newConstituent(api, org.id, { phone: '+13125550100' });
      const constituent = await newConstituent(api, org.id);
      expect((await put(auth, constituent.id, { phone: '+13125550100' })).status).toBe(200);
      const matches = await api.dataSource.query(
        'SELECT constituent_id, candidate_constituent_id, reasons FROM household_match WHERE organization_id = $1',
        [org.id],
      );
      expect(matches).toEqual([
        { constituent_id: constituent.id, candidate_constituent_id: other.id, reasons: ['PHONE'] },
      ]);
    });

    it.each([
      ['addressZip', { addressZip: 'ABCDE' }],
      ['addressState', { addressState: 'ZZ' }],
      ['phone', { phone: '12345' }],
      ['dateOfBirth', { dateOfBirth: '2021-02-29' }],
      ['smsOptedOut', { smsOptedOut: true }],
    ])('refuses an invalid %s with 400', async (field, body) => {
      const { auth, org } = await orgWith();
      const constituent = await newConstituent(api, org.id);
      const response = await put(auth, constituent.id, body);
      expectProblem(response, 400, 'validation-error');
      expect(response.body.errors.map((error: { field: string }) => error.field)).toEqual([field]);
    });

    it('is 404 across organizations, 401 without a token, 403 without write access', async () => {
      const { auth, org, staff } = await orgWith('needs_processor', 'pii_reader');
      const constituent = await newConstituent(api, org.id);
      const other = await orgWith();
      const foreign = await newConstituent(api, other.org.id);
      expectProblem(await put(auth, foreign.id, { firstName: 'X' }), 404, 'not-found');
      expectProblem(await put({}, constituent.id, { firstName: 'X' }), 401);
      expectProblem(await put(staff, constituent.id, { firstName: 'X' }), 403);
    });
  });

  describe('GET /api/constituents (search)', () => {
    const search = (auth: Record<string, string>, query: Record<string, string>) =>
      api.http.get('/api/constituents').set(auth).query(query);
    const ids = (response: { body: { id: string }[] }) => response.body.map((c) => c.id);

    async function population() {
      const setup = await orgWith();
      const id = setup.org.id;
      const people = {
        william: await newConstituent(api, id, {
          firstName: 'William',
          lastName: 'Turner',
          phone: '+12025550111',
        }),
        maria: await newConstituent(api, id, {
          firstName: 'María',
          lastName: 'Hernández',
          email: 'Maria.H@Example.org',
        }),
        smith: await newConstituent(api, id, { firstName: 'Jonathan', lastName: 'Smith' }),
        whitaker: await newConstituent(api, id, { firstName: 'Grace', lastName: 'Whitaker' }),
        garcia: await newConstituent(api, id, { firstName: 'Rosa', lastName: 'Garcia' }),
        chen: await newConstituent(api, id, { firstName: 'Wei', lastName: 'Chen' }),
        other: await newConstituent(api, id, { firstName: 'Zed', lastName: 'Quorra' }),
      };
      return { ...setup, people };
    }

    it.each([
      ['a typo in the name', 'Wiliam Tuner', 'william'],
      ['a nickname', 'Bill Turner', 'william'],
      ['a surname alone', 'smith', 'smith'],
      ['a misspelled surname alone', 'Whitacker', 'whitaker'],
      ['a misspelled given name alone', 'Johnathan', 'smith'],
      ['a short misspelled surname alone', 'Garsia', 'garcia'],
      ['unaccented letters', 'maria hernandez', 'maria'],
      ['first and last swapped', 'Chen Wei', 'chen'],
      ['a phone in another formatting', '(202) 555-0111', 'william'],
      ['a phone without country code', '202.555.0111', 'william'],
      ['an email in another case', 'maria.h@example.ORG', 'maria'],
    ])('finds by %s', async (_case, query, who) => {
      const { auth, people } = await population();
      const response = await search(auth, { query });
      expect(response.status).toBe(200);
      expect(ids(response)[0]).toBe(people[who as keyof typeof people].id);
      expect(ids(response)).not.toContain(people.other.id);
    });

    it('finds by the reference number of a need', async () => {
      const { auth, org, people } = await population();
      const partner = await newPartner(api, org.id);
      const need = await insertNeed(api, org.id, partner.id, people.chen);
      const response = await search(auth, { query: need.referenceNumber.toLowerCase() });
      expect(ids(response)).toEqual([people.chen.id]);
    });

    it.each([['%'], ['_'], ['\\'], ['%_\\'], ['?!'], ['---'], ['()'], [''], ['   '], ['\t\n ']])(
      'answers an empty array for %j, a text with nothing searchable',
      async (query) => {
        const { auth } = await population();
        const response = await search(auth, { query });
        expect(response.status).toBe(200);
        expect(response.body).toEqual([]);
      },
    );

    it('trims the query before it checks its length', async () => {
      const { auth, people } = await population();
      const padded = `${' '.repeat(10)}Smith${' '.repeat(195)}`;
      const response = await search(auth, { query: padded });
      expect(response.status).toBe(200);
      expect(ids(response)[0]).toBe(people.smith.id);
    });

    it('finds one misspelled word without a flood of weak matches for a short common name', async () => {
      const { auth, org } = await orgWith();
      const lee = await newConstituent(api, org.id, { firstName: 'Ann', lastName: 'Lee' });
      const surnames = ['Li', 'Lea', 'Leo', 'Ley', 'Lew', 'Levy', 'Leon', 'Lem', 'Le', 'Ely'];
      const givenNames = ['Ana', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal', 'Ida', 'Jo', 'Kai'];
      const similar = surnames.flatMap((lastName) =>
        givenNames.map((firstName) => ({ firstName, lastName })),
      );
      for (const fields of similar) await newConstituent(api, org.id, fields);
      expect(ids(await search(auth, { query: 'Lee', limit: '100' }))).toEqual([lee.id]);
      const misspelled = await search(auth, { query: 'Lei', limit: '100' });
      expect(misspelled.status).toBe(200);
      expect(misspelled.body.length).toBeLessThanOrEqual(1);
      const whitaker = await newConstituent(api, org.id, {
        firstName: 'Ida',
        lastName: 'Whitaker',
      });
      expect(ids(await search(auth, { query: 'Whitacker', limit: '100' }))).toEqual([whitaker.id]);
    });

    it('ranks the closer name first and honours limit', async () => {
      const { auth, org } = await orgWith();
      const exact = await newConstituent(api, org.id, { firstName: 'John', lastName: 'Smith' });
      await newConstituent(api, org.id, { firstName: 'Johnny', lastName: 'Smithers' });
      await newConstituent(api, org.id, { firstName: 'Joan', lastName: 'Smith' });
      const all = await search(auth, { query: 'John Smith' });
      expect(ids(all)[0]).toBe(exact.id);
      expect(all.body.length).toBeGreaterThanOrEqual(2);
      expect((await search(auth, { query: 'John Smith', limit: '1' })).body).toHaveLength(1);
    });

    it('lists the newest constituents without a query, 20 by default', async () => {
      const { auth, org } = await orgWith();
      for (let index = 0; index < 22; index++) await newConstituent(api, org.id);
      const newest = await newConstituent(api, org.id);
      const response = await search(auth, {});
      expect(response.body).toHaveLength(20);
      expect(ids(response)[0]).toBe(newest.id);
    });

    it('never shows another organization’s or a merged-away constituent', async () => {
      const { auth, org } = await orgWith();
      const other = await orgWith();
      await newConstituent(api, other.org.id, {
        firstName: 'Hidden',
        lastName: 'Person',
        phone: '+12025550177',
      });
      const merged = await newConstituent(api, org.id, { firstName: 'Hidden', lastName: 'Person' });
      const live = await newConstituent(api, org.id, { firstName: 'Hidden', lastName: 'Persons' });
      await api.dataSource.query('UPDATE constituent SET merged_into_id = $1 WHERE id = $2', [
        live.id,
        merged.id,
      ]);
      expect(ids(await search(auth, { query: 'Hidden Person' }))).toEqual([live.id]);
      expect((await search(auth, { query: '+12025550177' })).body).toEqual([]);
    });

    it('lets a caller without pii_reader search by reference number only, redacted', async () => {
      const { org, people } = await population();
      const processor = bearer(
        api,
        await newMember(api, org.id, { role: 'staff', profiles: ['needs_processor'] }),
      );
      for (const query of [
        'Bill Turner',
        '+12025550111',
        '0111',
        'maria.h@example.org',
        '%',
        ' ',
      ]) {
        expectProblem(await search(processor, { query }), 403, 'forbidden');
      }
      const need = await insertNeed(
        api,
        org.id,
        (await newPartner(api, org.id)).id,
        people.william,
      );
      const response = await search(processor, { query: need.referenceNumber });
      expect(response.body).toEqual([
        expect.objectContaining({ id: people.william.id, ...REDACTED }),
      ]);
      const reader = await newMember(api, org.id, { role: 'staff', profiles: ['pii_reader'] });
      const found = await search(bearer(api, reader), { query: '+12025550111' });
      expect(ids(found)).toEqual([people.william.id]);
    });

    it('finds by reference number only the needs the caller may see', async () => {
      const { auth, org, people } = await population();
      const partner = await newPartner(api, org.id);
      const about = { constituentId: people.chen.id, householdId: people.chen.householdId };
      const confidential = await newNeed(api, org.id, partner.id, {
        ...about,
        isConfidential: true,
      });
      const processor = await newMember(api, org.id, {
        role: 'staff',
        profiles: ['needs_processor'],
      });
      const intake = await newMember(api, org.id, { role: 'staff', profiles: ['intake_staff'] });
      const query = { query: confidential.referenceNumber };
      expect(ids(await search(auth, query))).toEqual([people.chen.id]);
      expect((await search(bearer(api, processor), query)).body).toEqual([]);
      expect((await search(bearer(api, intake), query)).body).toEqual([]);
      const assigned = await newNeed(api, org.id, partner.id, {
        ...about,
        isConfidential: true,
        assignedTo: processor.id,
      });
      const own = { query: assigned.referenceNumber };
      expect(ids(await search(bearer(api, processor), own))).toEqual([people.chen.id]);
    });

    it.each([['0'], ['101'], ['abc'], ['1.5']])('refuses limit=%s with 400', async (limit) => {
      const { auth } = await orgWith();
      expectProblem(await search(auth, { limit }), 400, 'validation-error');
    });

    it('is 401 without a token and 403 without constituent read access', async () => {
      const { staff } = await orgWith('sms_manager');
      expectProblem(await search({}, {}), 401);
      expectProblem(await search(staff, {}), 403);
    });
  });

  describe('POST /api/constituents/{id}/opt-out', () => {
    const optOut = (auth: Record<string, string>, id: string) =>
      api.http.post(`/api/constituents/${id}/opt-out`).set(auth);

    it('opts the constituent out, idempotently, for an SMS communicator', async () => {
      const { org, staff } = await orgWith('sms_communicator');
      const constituent = await newConstituent(api, org.id, MARIA);
      const first = await optOut(staff, constituent.id);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        id: constituent.id,
        householdId: constituent.householdId,
        ...REDACTED,
        addressState: 'IL',
        addressZip: '62704',
        smsOptedOut: true,
        consents: NO_CONSENTS,
        erasedAt: null,
      });
      expect((await optOut(staff, constituent.id)).body.smsOptedOut).toBe(true);
    });

    it('is 404 across organizations, 400 for a malformed id, 401 and 403', async () => {
      const { auth, org, staff } = await orgWith('intake_staff');
      const constituent = await newConstituent(api, org.id);
      const other = await orgWith();
      const foreign = await newConstituent(api, other.org.id);
      expectProblem(await optOut(auth, foreign.id), 404, 'not-found');
      expectProblem(await optOut(auth, 'nope'), 400, 'validation-error');
      expectProblem(await optOut({}, constituent.id), 401);
      expectProblem(await optOut(staff, constituent.id), 403);
    });
  });
});
