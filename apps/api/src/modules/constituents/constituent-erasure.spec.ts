import { randomUUID } from 'node:crypto';
import {
  bearer,
  expectProblem,
  newConstituent,
  newMember,
  newOrgWithAdmin,
  newPartner,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';
import { insertNeed } from '../../../test/related-rows';

type Auth = Record<string, string>;

/** Values no other row of the test database holds, so finding one anywhere is a leak. */
const PERSON = {
  firstName: 'Zephyrine',
  lastName: 'Quillfeather',
  phone: '+12025557391',
  email: 'zephyrine.quillfeather@example.org',
  addressStreet: '4417 Marblewood Terrace',
  addressCity: 'Oxbridgeton',
  addressState: 'IL',
  addressZip: '62704',
  dateOfBirth: '1961-09-23',
};
const SECRETS = [
  'Zephyrine',
  'Quillfeather',
  '2025557391',
  'zephyrine.quillfeather',
  'Marblewood',
  'Oxbridgeton',
  '1961-09-23',
];

describe('POST /api/constituents/{id}/erase', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const erase = (auth: Auth, id: string, body: object = { reason: 'REQUEST' }) =>
    api.http.post(`/api/constituents/${id}/erase`).set(auth).send(body);

  /**
   * The person, created and merged through the API (a duplicate of them merged in with an
   * override), with a consent note, a need, an SMS interaction with its telephony record and a
   * pending household match; subscribed to constituent.erased.
   */
  async function person() {
    const setup = await newOrgWithAdmin(api);
    const orgId = setup.org.id;
    const partner = await newPartner(api, orgId);
    const created = await api.http.post('/api/constituents').set(setup.auth).send(PERSON);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const duplicate = await newConstituent(api, orgId, {
      firstName: 'Zephy',
      lastName: 'Quillfeather',
      addressCity: 'Oxbridgeton',
    });
    const merged = await api.http
      .post('/api/constituents/merge')
      .set(setup.auth)
      .send({
        sourceConstituentId: duplicate.id,
        targetConstituentId: id,
        fieldOverrides: { addressCity: 'Oxbridgeton Heights' },
      });
    expect(merged.status).toBe(200);
    const consent = await api.http.post(`/api/constituents/${id}/consents`).set(setup.auth).send({
      purpose: 'CONTACT_SMS',
      granted: true,
      method: 'VERBAL',
      note: 'Zephyrine said yes',
    });
    expect(consent.status).toBe(201);
    const need = await insertNeed(api, orgId, partner.id, {
      id,
      householdId: created.body.householdId,
    });
    const [interaction] = await api.dataSource.query(
      `INSERT INTO interaction (organization_id, need_id, constituent_id, channel, direction, subject, body, status, error)
       VALUES ($1, $2, $3, 'SMS', 'OUTBOUND', 'For Zephyrine', 'Hi Zephyrine Quillfeather', 'FAILED',
               'unreachable +12025557391') RETURNING id`,
      [orgId, need.id, id],
    );
    await api.dataSource.query(
      `INSERT INTO telephony_detail_record (organization_id, interaction_id, direction, cli, cld, status, cost)
       VALUES ($1, $2, 'outbound', '+13125550100', '+12025557391', 'failed', '0')`,
      [orgId, interaction.id],
    );
    const other = await newConstituent(api, orgId);
    const [match] = await api.dataSource.query(
      `INSERT INTO household_match (organization_id, constituent_id, candidate_constituent_id, household_id,
         candidate_household_id, score, reasons)
       VALUES ($1, $2, $3, $4, $5, 0.5, '{NAME_DOB}') RETURNING id`,
      [orgId, other.id, id, other.householdId, created.body.householdId],
    );
    const subscribed = await api.http
      .post('/api/webhooks/subscriptions')
      .set(setup.auth)
      .send({ url: 'https://203.0.113.10/hooks', events: ['constituent.erased'] });
    expect(subscribed.status).toBe(201);
    return {
      ...setup,
      partner,
      id,
      need,
      interactionId: interaction.id as string,
      matchId: match.id,
    };
  }

  /** Every text, varchar, citext, array and jsonb cell of the public schema holding any secret. */
  async function leaks(): Promise<string[]> {
    const columns = (await api.ownerQuery(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
         JOIN information_schema.tables t USING (table_schema, table_name)
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
          AND (c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
               OR c.udt_name = 'citext')`,
    )) as { table_name: string; column_name: string }[];
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      const rows = (await api.ownerQuery(
        `SELECT count(*)::int AS n FROM "${table}" WHERE "${column}"::text ILIKE ANY ($1::text[])`,
        [SECRETS.map((secret) => `%${secret}%`)],
      )) as { n: number }[];
      if (rows[0].n > 0) found.push(`${table}.${column}`);
    }
    return found;
  }

  it('erases in one go: no personal value is left anywhere in the database', async () => {
    const fixture = await person();
    expect((await leaks()).length).toBeGreaterThan(0);
    const response = await erase(fixture.auth, fixture.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: fixture.id,
      householdId: null,
      firstName: null,
      lastName: null,
      phone: null,
      email: null,
      addressStreet: null,
      addressCity: null,
      addressState: null,
      addressZip: null,
      dateOfBirth: null,
    });
    expect(response.body.erasedAt).toEqual(expect.stringMatching(/Z$/));
    expect(await leaks()).toEqual([]);
  });

  it('keeps the needs and the shape of interactions, dismisses pending matches, masks numbers', async () => {
    const fixture = await person();
    expect((await erase(fixture.auth, fixture.id)).status).toBe(200);
    const [need] = await api.dataSource.query(`SELECT constituent_id FROM need WHERE id = $1`, [
      fixture.need.id,
    ]);
    expect(need.constituent_id).toBe(fixture.id);
    const [interaction] = await api.dataSource.query(
      `SELECT channel, direction, status, subject, body, created_at FROM interaction WHERE id = $1`,
      [fixture.interactionId],
    );
    expect(interaction).toMatchObject({ channel: 'SMS', direction: 'OUTBOUND', status: 'FAILED' });
    expect(interaction.subject).toBeNull();
    expect(interaction.body).toBe('');
    const [record] = await api.dataSource.query(
      `SELECT cli, cld FROM telephony_detail_record WHERE interaction_id = $1`,
      [fixture.interactionId],
    );
    expect(`${record.cli}${record.cld}`).not.toMatch(/[0-9]/);
    const [match] = await api.dataSource.query(`SELECT status FROM household_match WHERE id = $1`, [
      fixture.matchId,
    ]);
    expect(match.status).toBe('DISMISSED');
    const household = await api.http
      .get(
        `/api/households/${(await api.dataSource.query(`SELECT household_id FROM need WHERE id = $1`, [fixture.need.id]))[0].household_id}`,
      )
      .set(fixture.auth);
    expect(household.body.members?.map((m: { id: string }) => m.id) ?? []).not.toContain(
      fixture.id,
    );
  });

  it('afterwards: GET 200 with erasedAt, searches and matching never return it, PUT 409', async () => {
    const fixture = await person();
    const first = await erase(fixture.auth, fixture.id);
    const read = await api.http.get(`/api/constituents/${fixture.id}`).set(fixture.auth);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ firstName: null, erasedAt: first.body.erasedAt });
    const newest = await api.http.get('/api/constituents').set(fixture.auth);
    expect(newest.body.map((c: { id: string }) => c.id)).not.toContain(fixture.id);
    const byReference = await api.http
      .get('/api/constituents')
      .query({ query: fixture.need.referenceNumber })
      .set(fixture.auth);
    expect(byReference.body).toEqual([]);
    const again = await api.http.post('/api/constituents').set(fixture.auth).send(PERSON);
    expect(again.body.matches).toEqual([]);
    const put = await api.http
      .put(`/api/constituents/${fixture.id}`)
      .set(fixture.auth)
      .send({ firstName: 'Back' });
    expectProblem(put, 409, 'constituent-erased');
    const email = await api.http
      .post(`/api/needs/${fixture.need.id}/email`)
      .set(fixture.auth)
      .send({ subject: 'Hello', body: 'Hello' });
    expectProblem(email, 400, 'no-recipient-contact');
  });

  it('erasing again answers the first erasedAt and writes nothing', async () => {
    const fixture = await person();
    const first = await erase(fixture.auth, fixture.id);
    const count = async () =>
      (
        await api.dataSource.query(
          `SELECT (SELECT count(*) FROM audit_event WHERE organization_id = $1)::int AS audit,
                  (SELECT count(*) FROM webhook_event WHERE organization_id = $1)::int AS events`,
          [fixture.org.id],
        )
      )[0];
    const before = await count();
    const second = await erase(fixture.auth, fixture.id, { reason: 'LEGAL' });
    expect(second.status).toBe(200);
    expect(second.body.erasedAt).toBe(first.body.erasedAt);
    expect(await count()).toEqual(before);
  });

  it('records constituent.erase with the reason and emits constituent.erased', async () => {
    const fixture = await person();
    await erase(fixture.auth, fixture.id, { reason: 'LEGAL' });
    const audit = await api.dataSource.query(
      `SELECT actor_type, actor_id, details FROM audit_event
        WHERE organization_id = $1 AND action = 'constituent.erase' AND subject_id = $2`,
      [fixture.org.id, fixture.id],
    );
    expect(audit).toEqual([
      { actor_type: 'MEMBER', actor_id: fixture.admin.id, details: { reason: 'LEGAL' } },
    ]);
    const events = await api.dataSource.query(
      `SELECT data FROM webhook_event WHERE organization_id = $1 AND type = 'constituent.erased'`,
      [fixture.org.id],
    );
    expect(events).toEqual([
      { data: { constituentId: fixture.id, organizationId: fixture.org.id } },
    ]);
  });

  it('makes an undo of a merge into it 409 merge-undo-conflict, even one that overrode nothing', async () => {
    const fixture = await person();
    const twin = await newConstituent(api, fixture.org.id);
    const merged = await api.http
      .post('/api/constituents/merge')
      .set(fixture.auth)
      .send({ sourceConstituentId: twin.id, targetConstituentId: fixture.id });
    expect(merged.status).toBe(200);
    const [{ id: mergeId }] = await api.dataSource.query(
      `SELECT id FROM merge_audit WHERE source_constituent_id = $1`,
      [twin.id],
    );
    await erase(fixture.auth, fixture.id);
    const undo = await api.http.post(`/api/constituents/merges/${mergeId}/undo`).set(fixture.auth);
    expectProblem(undo, 409, 'merge-undo-conflict');
  });

  it('races an undo of a merge into it: one wins, the other is 409, nothing half-done', async () => {
    for (let round = 0; round < 3; round++) {
      const fixture = await person();
      const [{ id: mergeId, source_constituent_id: sourceId }] = await api.dataSource.query(
        `SELECT id, source_constituent_id FROM merge_audit WHERE target_constituent_id = $1`,
        [fixture.id],
      );
      const [erased, undone] = await Promise.all([
        erase(fixture.auth, fixture.id),
        api.http.post(`/api/constituents/merges/${mergeId}/undo`).set(fixture.auth),
      ]);
      expect(erased.status).toBe(200);
      const [source] = await api.dataSource.query(
        `SELECT merged_into_id, erased_at, first_name FROM constituent WHERE id = $1`,
        [sourceId],
      );
      const [merge] = await api.dataSource.query(
        `SELECT undone_at FROM merge_audit WHERE id = $1`,
        [mergeId],
      );
      if (undone.status === 200) {
        // The undo came first: the source is its own person again, untouched by the erasure.
        expect(source).toMatchObject({
          merged_into_id: null,
          erased_at: null,
          first_name: 'Zephy',
        });
        expect(merge.undone_at).not.toBeNull();
      } else {
        expectProblem(undone, 409, 'merge-undo-conflict');
        expect(source).toMatchObject({ merged_into_id: fixture.id, first_name: null });
        expect(source.erased_at).not.toBeNull();
        expect(merge.undone_at).toBeNull();
      }
    }
  });

  it('is 400 naming reason, 401 without a token, 403 for non-admins, 404 for another organization’s', async () => {
    const fixture = await person();
    for (const body of [{}, { reason: 'RETENTION' }, { reason: 'request' }]) {
      const response = await erase(fixture.auth, fixture.id, body);
      expectProblem(response, 400, 'validation-error');
      expect(response.body.errors.map((e: { field: string }) => e.field)).toEqual(['reason']);
    }
    expectProblem(await erase(fixture.auth, 'not-a-uuid'), 400, 'validation-error');
    expect((await erase({}, fixture.id)).status).toBe(401);
    const partnerAdmin = await newMember(api, fixture.org.id, { role: 'partner_admin' });
    expectProblem(await erase(bearer(api, partnerAdmin), fixture.id), 403, 'forbidden');
    const other = await newOrgWithAdmin(api);
    expectProblem(await erase(other.auth, fixture.id), 404, 'not-found');
    expectProblem(await erase(fixture.auth, randomUUID()), 404, 'not-found');
    const [row] = await api.dataSource.query(`SELECT erased_at FROM constituent WHERE id = $1`, [
      fixture.id,
    ]);
    expect(row.erased_at).toBeNull();
  });
});
