import {
  bearer,
  expectProblem,
  newConstituent,
  newMember,
  newOrgWithAdmin,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

const SHELTER = { addressStreet: '220 Harbor Light Way', addressZip: '60607' };
const FRONT_DESK = '+13125550900';

describe('shared contact points', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  type Auth = Record<string, string>;
  const mark = (auth: Auth, body: object) =>
    api.http.post('/api/shared-contacts').set(auth).send(body);
  const list = (auth: Auth, query: Record<string, string> = {}) =>
    api.http.get('/api/shared-contacts').set(auth).query(query);
  const create = (auth: Auth, body: object) =>
    api.http.post('/api/constituents').set(auth).send(body);
  const pending = async (auth: Auth) =>
    (await api.http.get('/api/household-matches').set(auth).query({ status: 'PENDING' })).body as {
      constituentId: string;
      candidateConstituentId: string;
      reasons: string[];
      sharedReasons: string[];
      kind: string;
    }[];

  describe('matching at a shelter', () => {
    const RESIDENTS = [
      ['Luis', 'Ortega', '1971-03-14'],
      ['Kim', 'Park', '1985-09-02'],
      ['Darnell', 'Hayes', '1968-12-25'],
      ['Olena', 'Shevchenko', '1983-11-11'],
      ['Peter', 'Novak', '1958-04-04'],
      ['Aaliyah', 'Brooks', '1996-02-29'],
    ];

    async function shelterResidents(auth: Auth) {
      const ids: string[] = [];
      for (const [firstName, lastName, dateOfBirth] of RESIDENTS) {
        const response = await create(auth, {
          firstName,
          lastName,
          dateOfBirth,
          phone: FRONT_DESK,
          ...SHELTER,
        });
        expect(response.status).toBe(201);
        ids.push(response.body.id);
      }
      return ids;
    }

    it('detects the shelter, withdraws the residents’ pairs, and still raises a real duplicate', async () => {
      const { auth } = await newOrgWithAdmin(api);
      const ids = await shelterResidents(auth);
      expect(await pending(auth)).toEqual([]);
      const detected = (await list(auth)).body;
      expect(detected).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'ADDRESS',
            source: 'DETECTED',
            shared: true,
            ...SHELTER,
          }),
          expect.objectContaining({
            kind: 'PHONE',
            source: 'DETECTED',
            shared: true,
            phone: FRONT_DESK,
          }),
        ]),
      );
      const again = await create(auth, {
        firstName: 'Darnel',
        lastName: 'Hayes',
        dateOfBirth: '1968-12-25',
        phone: FRONT_DESK,
        ...SHELTER,
      });
      expect(again.body.matches).toEqual([
        expect.objectContaining({
          candidateConstituentId: ids[2],
          reasons: ['PHONE', 'NAME_DOB', 'NAME_ADDRESS', 'ADDRESS'],
          sharedReasons: ['PHONE', 'ADDRESS'],
          kind: 'PERSON',
        }),
      ]);
      const queue = await pending(auth);
      expect(queue.map((match) => match.candidateConstituentId)).toEqual([ids[2]]);
    });

    it('raises residents pair by pair while the address is not yet known to be shared', async () => {
      const { auth } = await newOrgWithAdmin(api);
      await create(auth, { firstName: 'Luis', lastName: 'Ortega', ...SHELTER });
      const second = await create(auth, { firstName: 'Kim', lastName: 'Park', ...SHELTER });
      expect(second.body.matches).toEqual([
        expect.objectContaining({ reasons: ['ADDRESS'], sharedReasons: [], kind: 'HOUSEHOLD' }),
      ]);
    });

    it('a shared address plus one surname is no household; with a private phone it is', async () => {
      const { auth } = await newOrgWithAdmin(api);
      expect((await mark(auth, { kind: 'ADDRESS', ...SHELTER })).status).toBe(201);
      await create(auth, { firstName: 'Keisha', lastName: 'Johnson', ...SHELTER });
      const sameSurname = await create(auth, {
        firstName: 'Marcus',
        lastName: 'Johnson',
        ...SHELTER,
      });
      expect(sameSurname.body.matches).toEqual([]);
      await create(auth, {
        firstName: 'Rosa',
        lastName: 'Garcia',
        phone: '+17735550142',
        ...SHELTER,
      });
      const son = await create(auth, {
        firstName: 'Tomas',
        lastName: 'Garcia',
        phone: '+17735550142',
        ...SHELTER,
      });
      expect(son.body.matches).toEqual([
        expect.objectContaining({
          reasons: ['PHONE', 'ADDRESS'],
          sharedReasons: ['ADDRESS'],
          kind: 'HOUSEHOLD',
          score: 0.5,
        }),
      ]);
    });

    it('detects a caseworker’s mailbox given by people of different surnames', async () => {
      const { auth } = await newOrgWithAdmin(api);
      const mailbox = 'intake.caseworker@citymission.org';
      for (const [firstName, lastName] of [
        ['Grace', 'Kim'],
        ['Tom', 'Fischer'],
        ['Ana', 'Mendes'],
        ['Bilal', 'Qureshi'],
        ['Joan', 'Whitfield'],
      ]) {
        await create(auth, { firstName, lastName, email: mailbox });
      }
      expect(await pending(auth)).toEqual([]);
      expect((await list(auth)).body).toEqual([
        expect.objectContaining({ kind: 'EMAIL', email: mailbox, source: 'DETECTED' }),
      ]);
    });

    it('stops counting a merged-away constituent: the detection is forgotten at the next update', async () => {
      const { auth } = await newOrgWithAdmin(api);
      const ids: string[] = [];
      for (const lastName of ['Ortega', 'Park', 'Hayes', 'Novak']) {
        ids.push((await create(auth, { firstName: 'Resident', lastName, ...SHELTER })).body.id);
      }
      expect((await list(auth)).body).toHaveLength(1);
      const merged = await api.http
        .post('/api/constituents/merge')
        .set(auth)
        .send({ sourceConstituentId: ids[3], targetConstituentId: ids[2] });
      expect(merged.status).toBe(200);
      await api.http.put(`/api/constituents/${ids[2]}`).set(auth).send({ firstName: 'Darnell' });
      expect((await list(auth)).body).toEqual([]);
    });

    it('does not treat one family’s address as shared', async () => {
      const { auth } = await newOrgWithAdmin(api);
      for (const firstName of ['Ana', 'Luis', 'Marta', 'Pablo', 'Ines']) {
        await create(auth, { firstName, lastName: 'Reyes', ...SHELTER });
      }
      expect((await list(auth)).body).toEqual([]);
      expect((await pending(auth)).length).toBe(10);
    });

    it('an address marked as no shared location stays household evidence', async () => {
      const { auth } = await newOrgWithAdmin(api);
      const marked = await mark(auth, { kind: 'ADDRESS', ...SHELTER, shared: false });
      expect(marked.body).toMatchObject({ shared: false, source: 'MARKED' });
      const ids = await shelterResidents(auth);
      const pairs = await pending(auth);
      expect(pairs.length).toBe((ids.length * (ids.length - 1)) / 2);
      expect(pairs[0].sharedReasons).toEqual(['PHONE']);
      expect(pairs[0].reasons).toEqual(['PHONE', 'ADDRESS']);
    });
  });

  describe('twins and near misses over HTTP', () => {
    it('twins Daniel / Daniela at home: a household, never one person', async () => {
      const { auth } = await newOrgWithAdmin(api);
      const home = {
        lastName: 'Ruiz',
        dateOfBirth: '2004-06-15',
        addressStreet: '12 Oak St',
        addressZip: '02139',
      };
      await create(auth, { firstName: 'Daniel', ...home });
      const twin = await create(auth, { firstName: 'Daniela', ...home });
      expect(twin.body.matches).toEqual([
        expect.objectContaining({ reasons: ['ADDRESS'], kind: 'HOUSEHOLD' }),
      ]);
      await create(auth, { firstName: 'Mario', lastName: 'Garcia', dateOfBirth: '2003-09-09' });
      const elsewhere = await create(auth, {
        firstName: 'Maria',
        lastName: 'Garcia',
        dateOfBirth: '2003-09-09',
        addressStreet: '500 Elm Ave',
        addressZip: '60614',
      });
      expect(elsewhere.body.matches).toEqual([]);
    });

    it('finds a mistyped email of the same name, and not a near-identical one of another', async () => {
      const { auth } = await newOrgWithAdmin(api);
      const megan = await create(auth, {
        firstName: 'Megan',
        lastName: 'Hart',
        email: 'megan.hart@gmail.com',
      });
      const typo = await create(auth, {
        firstName: 'Megan',
        lastName: 'Hart',
        email: 'megan.hrat@gmial.com',
      });
      expect(typo.body.matches).toEqual([
        expect.objectContaining({ candidateConstituentId: megan.body.id, reasons: ['EMAIL'] }),
      ]);
      await create(auth, { firstName: 'Anna', lastName: 'Cole', email: 'anna.cole@gmail.com' });
      const alan = await create(auth, {
        firstName: 'Alan',
        lastName: 'Cole',
        email: 'alan.cole@gmail.com',
      });
      expect(alan.body.matches).toEqual([]);
    });

    it('finds an initial with the same birth date, and a swapped day and month of one name', async () => {
      const { auth } = await newOrgWithAdmin(api);
      await create(auth, { firstName: 'John', lastName: 'Whitaker', dateOfBirth: '1977-10-21' });
      const initial = await create(auth, {
        firstName: 'J.',
        lastName: 'Whitaker',
        dateOfBirth: '1977-10-21',
      });
      expect(initial.body.matches).toEqual([
        expect.objectContaining({ reasons: ['NAME_DOB'], kind: 'PERSON' }),
      ]);
      const otherInitial = await create(auth, {
        firstName: 'K.',
        lastName: 'Whitaker',
        dateOfBirth: '1977-10-21',
      });
      expect(otherInitial.body.matches).toEqual([]);
      await create(auth, { firstName: 'Grace', lastName: 'Kim', dateOfBirth: '1985-04-07' });
      const swapped = await create(auth, {
        firstName: 'Grace',
        lastName: 'Kim',
        dateOfBirth: '1985-07-04',
      });
      expect(swapped.body.matches).toEqual([
        expect.objectContaining({ reasons: ['NAME_DOB'], kind: 'PERSON' }),
      ]);
      await create(auth, { firstName: 'Jon', lastName: 'Smithers', dateOfBirth: '1985-04-07' });
      const alike = await create(auth, {
        firstName: 'Jan',
        lastName: 'Smothers',
        dateOfBirth: '1985-07-04',
      });
      expect(alike.body.matches).toEqual([]);
    });

    it('finds Sasha / Alexander and Nacho / Ignacio, and not Nacho / Memo', async () => {
      const { auth } = await newOrgWithAdmin(api);
      await create(auth, { firstName: 'Alexander', lastName: 'Petrov', dateOfBirth: '1995-05-05' });
      const sasha = await create(auth, {
        firstName: 'Sasha',
        lastName: 'Petrov',
        dateOfBirth: '1995-05-05',
      });
      expect(sasha.body.matches).toEqual([expect.objectContaining({ reasons: ['NAME_DOB'] })]);
      await create(auth, { firstName: 'Ignacio', lastName: 'Fuentes', dateOfBirth: '1969-01-17' });
      const memo = await create(auth, {
        firstName: 'Memo',
        lastName: 'Fuentes',
        dateOfBirth: '1969-01-17',
      });
      expect(memo.body.matches).toEqual([]);
      const nacho = await create(auth, {
        firstName: 'Nacho',
        lastName: 'Fuentes',
        dateOfBirth: '1969-01-17',
      });
      expect(nacho.body.matches).toEqual([expect.objectContaining({ reasons: ['NAME_DOB'] })]);
    });
  });

  describe('candidates', () => {
    it('a common birth date does not crowd out the one who shares the phone', async () => {
      const { auth, org } = await newOrgWithAdmin(api);
      const owner = await newConstituent(api, org.id, {
        firstName: 'Ana',
        lastName: 'Silva',
        phone: FRONT_DESK,
      });
      for (let index = 0; index < 60; index++) {
        await newConstituent(api, org.id, { lastName: `Born${index}`, dateOfBirth: '1990-01-01' });
      }
      const created = await create(auth, {
        firstName: 'Ana',
        lastName: 'Silva',
        phone: FRONT_DESK,
        dateOfBirth: '1990-01-01',
      });
      expect(created.body.matches).toEqual([
        expect.objectContaining({ candidateConstituentId: owner.id, reasons: ['PHONE'] }),
      ]);
    });
  });

  describe('POST /api/shared-contacts', () => {
    it('marks a shelter shared and withdraws the pending pairs that rested on it alone', async () => {
      const { auth, admin } = await newOrgWithAdmin(api);
      await create(auth, { firstName: 'Luis', lastName: 'Ortega', ...SHELTER });
      await create(auth, { firstName: 'Kim', lastName: 'Park', ...SHELTER });
      await create(auth, {
        firstName: 'Rosa',
        lastName: 'Diaz',
        dateOfBirth: '1980-01-01',
        ...SHELTER,
      });
      await create(auth, { firstName: 'Rosa', lastName: 'Diaz', dateOfBirth: '1980-01-01' });
      expect((await pending(auth)).length).toBe(4);
      const response = await mark(auth, { kind: 'ADDRESS', ...SHELTER, label: 'Harbor Light' });
      expect(response.status).toBe(201);
      expect(response.headers.location).toBe(`/api/shared-contacts/${response.body.id}`);
      expect(response.body).toMatchObject({
        kind: 'ADDRESS',
        ...SHELTER,
        phone: null,
        shared: true,
        source: 'MARKED',
        label: 'Harbor Light',
        markedBy: admin.id,
      });
      const left = await pending(auth);
      expect(left.map((match) => match.reasons)).toEqual([['NAME_DOB']]);
    });

    it('replaces what was known of the point', async () => {
      const { auth } = await newOrgWithAdmin(api);
      const first = await mark(auth, { kind: 'PHONE', phone: FRONT_DESK });
      const second = await mark(auth, {
        kind: 'PHONE',
        phone: FRONT_DESK,
        shared: false,
        label: 'a family',
      });
      expect(second.body).toMatchObject({ shared: false, label: 'a family' });
      expect(second.body.id).not.toBe(first.body.id);
      expect((await list(auth)).body).toEqual([second.body]);
    });

    /** An organization whose FRONT_DESK phone is detected as shared, and its detection. */
    async function detectedFrontDesk() {
      const owner = await newOrgWithAdmin(api);
      for (const lastName of ['Ortega', 'Park', 'Hayes', 'Novak']) {
        await create(owner.auth, { firstName: 'Resident', lastName, phone: FRONT_DESK });
      }
      const [detection] = (await list(owner.auth)).body;
      expect(detection).toMatchObject({ kind: 'PHONE', source: 'DETECTED', phone: FRONT_DESK });
      return { ...owner, detection };
    }
    const resolverOf = async (orgId: string) =>
      bearer(api, await newMember(api, orgId, { role: 'staff', profiles: ['duplicate_resolver'] }));

    it('answers a guessed phone alike whether or not it was detected, revealing no detection', async () => {
      const detected = await detectedFrontDesk();
      const unknown = await newOrgWithAdmin(api);
      const before = Date.now();
      const guesses = [
        await mark(await resolverOf(detected.org.id), { kind: 'PHONE', phone: FRONT_DESK }),
        await mark(await resolverOf(unknown.org.id), { kind: 'PHONE', phone: FRONT_DESK }),
      ];
      const [onDetected, onUnknown] = guesses.map(({ status, headers, body }) => {
        const { id, markedBy, createdAt, updatedAt, ...rest } = body;
        expect(headers.location).toBe(`/api/shared-contacts/${id}`);
        expect(Date.parse(createdAt)).toBeGreaterThanOrEqual(before - 1000);
        expect(updatedAt).toBe(createdAt);
        expect(markedBy).toEqual(expect.any(String));
        return { status, keys: Object.keys(body), rest };
      });
      expect(onDetected).toEqual(onUnknown);
      expect(onDetected).toMatchObject({ status: 201, rest: { phone: null, source: 'MARKED' } });
      expect(guesses[0].body.id).not.toBe(detected.detection.id);
    });

    it('keeps the detection of a point it marks, while the mark decides', async () => {
      const { auth, detection } = await detectedFrontDesk();
      const marked = await mark(auth, { kind: 'PHONE', phone: FRONT_DESK, shared: false });
      expect(marked.status).toBe(201);
      expect((await list(auth)).body).toEqual([marked.body, detection]);
      const relative = await create(auth, {
        firstName: 'Rosa',
        lastName: 'Ortega',
        phone: FRONT_DESK,
      });
      expect(relative.body.matches).toHaveLength(4);
      for (const match of relative.body.matches) {
        expect(match).toMatchObject({
          reasons: expect.arrayContaining(['PHONE']),
          sharedReasons: [],
        });
      }
    });

    it.each([
      [{}, 'kind'],
      [{ kind: 'EMAIL', phone: FRONT_DESK }, 'kind'],
      [{ kind: 'PHONE' }, 'phone'],
      [{ kind: 'PHONE', phone: '555-0100' }, 'phone'],
      [{ kind: 'ADDRESS', addressStreet: '1 Main St' }, 'addressZip'],
      [{ kind: 'ADDRESS', ...SHELTER, addressZip: '6060' }, 'addressZip'],
      [{ kind: 'ADDRESS', ...SHELTER, phone: FRONT_DESK }, 'phone'],
      [{ kind: 'PHONE', phone: FRONT_DESK, shared: 'yes' }, 'shared'],
      [{ kind: 'PHONE', phone: FRONT_DESK, organizationId: 'x' }, 'organizationId'],
    ])('refuses %j with 400 naming %s', async (body, field) => {
      const { auth } = await newOrgWithAdmin(api);
      const response = await mark(auth, body);
      expectProblem(response, 400, 'validation-error');
      expect(response.body.errors.map((e: { field: string }) => e.field)).toContain(field);
      expect((await list(auth)).body).toEqual([]);
    });
  });

  describe('permissions', () => {
    it('is 401 without a token and 403 without duplicate_resolver, on every route', async () => {
      const { org, auth } = await newOrgWithAdmin(api);
      const entry = await mark(auth, { kind: 'PHONE', phone: FRONT_DESK });
      const staff = bearer(
        api,
        await newMember(api, org.id, { role: 'staff', profiles: ['intake_staff', 'pii_reader'] }),
      );
      for (const caller of [{}, staff]) {
        const status = caller === staff ? 403 : 401;
        expectProblem(await mark(caller, { kind: 'PHONE', phone: FRONT_DESK }), status);
        expectProblem(await list(caller), status);
        expectProblem(
          await api.http.delete(`/api/shared-contacts/${entry.body.id}`).set(caller),
          status,
        );
      }
      expect((await list(auth)).body).toHaveLength(1);
    });

    it('lets a duplicate_resolver mark and list, without personal fields unless pii_reader', async () => {
      const { org } = await newOrgWithAdmin(api);
      const resolver = bearer(
        api,
        await newMember(api, org.id, { role: 'staff', profiles: ['duplicate_resolver'] }),
      );
      const marked = await mark(resolver, { kind: 'ADDRESS', ...SHELTER });
      expect(marked.status).toBe(201);
      expect(marked.body).toMatchObject({ addressStreet: null, addressZip: SHELTER.addressZip });
      expect((await list(resolver)).body).toHaveLength(1);
    });
  });

  describe('GET /api/shared-contacts', () => {
    it('lists newest first, bounded by limit', async () => {
      const { auth } = await newOrgWithAdmin(api);
      const phone = await mark(auth, { kind: 'PHONE', phone: FRONT_DESK });
      const address = await mark(auth, { kind: 'ADDRESS', ...SHELTER });
      expect((await list(auth)).body.map((e: { id: string }) => e.id)).toEqual([
        address.body.id,
        phone.body.id,
      ]);
      expect((await list(auth, { limit: '1' })).body).toHaveLength(1);
    });

    it.each(['0', '201', 'x'])('refuses limit=%s with 400', async (limit) => {
      const { auth } = await newOrgWithAdmin(api);
      expectProblem(await list(auth, { limit }), 400, 'validation-error');
    });

    it('shows only the caller’s organization', async () => {
      const a = await newOrgWithAdmin(api);
      const b = await newOrgWithAdmin(api);
      await mark(a.auth, { kind: 'PHONE', phone: FRONT_DESK });
      expect((await list(b.auth)).body).toEqual([]);
    });
  });

  describe('DELETE /api/shared-contacts/{id}', () => {
    it('unmarks: the address is household evidence again for the next intake', async () => {
      const { auth } = await newOrgWithAdmin(api);
      const entry = await mark(auth, { kind: 'ADDRESS', ...SHELTER });
      await create(auth, { firstName: 'Luis', lastName: 'Ortega', ...SHELTER });
      const before = await create(auth, { firstName: 'Kim', lastName: 'Park', ...SHELTER });
      expect(before.body.matches).toEqual([]);
      const response = await api.http.delete(`/api/shared-contacts/${entry.body.id}`).set(auth);
      expect(response.status).toBe(204);
      expect((await list(auth)).body).toEqual([]);
      const after = await create(auth, { firstName: 'Ana', lastName: 'Mendes', ...SHELTER });
      expect(after.body.matches).toHaveLength(2);
    });

    it('is 400 for a malformed id, 404 for an unknown one or another organization’s', async () => {
      const a = await newOrgWithAdmin(api);
      const b = await newOrgWithAdmin(api);
      const entry = await mark(a.auth, { kind: 'PHONE', phone: FRONT_DESK });
      expectProblem(await api.http.delete('/api/shared-contacts/not-a-uuid').set(a.auth), 400);
      expectProblem(
        await api.http
          .delete('/api/shared-contacts/00000000-0000-4000-8000-000000000000')
          .set(a.auth),
        404,
        'not-found',
      );
      expectProblem(
        await api.http.delete(`/api/shared-contacts/${entry.body.id}`).set(b.auth),
        404,
        'not-found',
      );
      expect((await list(a.auth)).body).toHaveLength(1);
    });
  });
});
