import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
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
import { insertInteraction, insertNeed, snapshotRows } from '../../../test/related-rows';

type Auth = Record<string, string>;
type Snapshot = Record<string, { row: Record<string, unknown> }[]>;

describe('POST /api/constituents/merges/{mergeId}/undo', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const merge = (auth: Auth, body: object) =>
    api.http.post('/api/constituents/merge').set(auth).send(body);
  const undo = (auth: Auth, mergeId: string) =>
    api.http.post(`/api/constituents/merges/${mergeId}/undo`).set(auth);

  /** Every row a merge touches but the merge records, without the times a change sets. */
  async function state(organizationId: string): Promise<Snapshot> {
    const rows = await snapshotRows(api, organizationId);
    delete rows.merge_audit;
    return JSON.parse(JSON.stringify(rows), (key, value) =>
      key === 'updated_at' ? undefined : value,
    );
  }

  /**
   * A source with a housemate, a target and a third constituent (the source's match); the source,
   * housemate and target each with a need and an interaction.
   */
  async function pair(...profiles: AccessProfile[]) {
    const setup = await newOrgWithAdmin(api);
    const orgId = setup.org.id;
    const partner = await newPartner(api, orgId);
    const source = await newConstituent(api, orgId, {
      firstName: 'Bill',
      lastName: 'Turner',
      phone: '+12025550111',
    });
    const housemate = await newConstituent(api, orgId, { householdId: source.householdId });
    const target = await newConstituent(api, orgId, {
      firstName: 'William',
      lastName: 'Turner',
      dateOfBirth: '1958-07-19',
    });
    const third = await newConstituent(api, orgId, { phone: '+12025550111' });
    for (const constituent of [source, housemate, target]) {
      const need = await insertNeed(api, orgId, partner.id, constituent);
      await insertInteraction(api, orgId, need, constituent.id);
    }
    const [match] = await api.dataSource.query(
      `INSERT INTO household_match (organization_id, constituent_id, candidate_constituent_id, household_id,
         candidate_household_id, score, reasons)
       VALUES ($1, $2, $3, $4, $5, 0.5, '{PHONE}') RETURNING id`,
      [orgId, third.id, source.id, third.householdId, source.householdId],
    );
    const staff = await newMember(api, orgId, { role: 'staff', profiles });
    return {
      ...setup,
      partner,
      source,
      housemate,
      target,
      third,
      matchId: match.id as string,
      staff: bearer(api, staff),
    };
  }

  type Pair = Awaited<ReturnType<typeof pair>>;

  /** Merges the pair's source into its target (overriding phone and birth date); the merge's id. */
  async function merged(fixture: Pair, body: object = {}): Promise<string> {
    const response = await merge(fixture.auth, {
      sourceConstituentId: fixture.source.id,
      targetConstituentId: fixture.target.id,
      fieldOverrides: { phone: '+12025550111', dateOfBirth: null },
      ...body,
    });
    expect(response.status).toBe(200);
    const [{ id }] = await api.dataSource.query(
      `SELECT id FROM merge_audit WHERE organization_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
      [fixture.org.id],
    );
    return id;
  }

  it('brings back the source with what the merge moved (consents too), and the target’s earlier values', async () => {
    const fixture = await pair();
    const { auth, admin, org, source, target } = fixture;
    const consent = await api.http
      .post(`/api/constituents/${source.id}/consents`)
      .set(auth)
      .send({ purpose: 'CONTACT_SMS', granted: true, method: 'VERBAL' });
    expect(consent.status).toBe(201);
    const consentHolder = () =>
      api.dataSource
        .query(`SELECT constituent_id FROM constituent_consent WHERE id = $1`, [consent.body.id])
        .then(([row]) => row.constituent_id);
    const before = await state(org.id);
    const mergeId = await merged(fixture);
    expect(await consentHolder()).toBe(target.id);
    const later = await newNeed(api, org.id, fixture.partner.id, {
      constituentId: target.id,
      householdId: target.householdId,
    });
    const response = await undo(auth, mergeId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      merge: {
        id: mergeId,
        sourceConstituentId: source.id,
        targetConstituentId: target.id,
        mergedBy: admin.id,
        mergedAt: expect.stringMatching(/Z$/),
        overriddenFields: ['phone', 'dateOfBirth'],
        undoneBy: admin.id,
        undoneAt: expect.stringMatching(/Z$/),
      },
      source: expect.objectContaining({
        id: source.id,
        householdId: source.householdId,
        firstName: 'Bill',
        phone: '+12025550111',
      }),
      target: expect.objectContaining({ id: target.id, phone: null, dateOfBirth: '1958-07-19' }),
    });
    const after = await state(org.id);
    const laterRow = after.need.find(({ row }) => row.id === later.id);
    expect(laterRow?.row.constituent_id).toBe(target.id);
    expect({ ...after, need: after.need.filter((entry) => entry !== laterRow) }).toEqual(before);
    expect(await consentHolder()).toBe(source.id);
    expect((await api.http.get(`/api/constituents/${source.id}`).set(auth)).status).toBe(200);
    const history = await api.http.get(`/api/constituents/${target.id}/merges`).set(auth);
    expect(history.body).toEqual([response.body.merge]);
  });

  it('puts back the household and the members that mergeHouseholds moved', async () => {
    const fixture = await pair();
    const { auth, org, source, housemate, target } = fixture;
    const before = await state(org.id);
    const mergeId = await merged(fixture, { mergeHouseholds: true });
    expectProblem(await api.http.get(`/api/households/${source.householdId}`).set(auth), 404);
    expect((await undo(auth, mergeId)).status).toBe(200);
    expect(await state(org.id)).toEqual(before);
    const household = await api.http.get(`/api/households/${source.householdId}`).set(auth);
    expect(household.body.members.map((m: { id: string }) => m.id).sort()).toEqual(
      [source.id, housemate.id].sort(),
    );
    const targets = await api.http.get(`/api/households/${target.householdId}`).set(auth);
    expect(targets.body.members.map((m: { id: string }) => m.id)).toEqual([target.id]);
  });

  it('after a MERGE_CONSTITUENT resolve, dismisses the match, and the pair is never raised again', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    const existing = await newConstituent(api, org.id, {
      firstName: 'William',
      lastName: 'Turner',
      dateOfBirth: '1958-07-19',
      addressStreet: '12 Oak Street',
      addressZip: '62704',
    });
    const created = await api.http.post('/api/constituents').set(auth).send({
      firstName: 'Bill',
      lastName: 'Turner',
      dateOfBirth: '1958-07-19',
      addressStreet: '12 Oak St',
      addressZip: '62704',
    });
    const [match] = created.body.matches;
    const resolved = await api.http
      .post(`/api/household-matches/${match.id}/resolve`)
      .set(auth)
      .send({ action: 'MERGE_CONSTITUENT', fieldOverrides: { firstName: 'Bill' } });
    expect(resolved.body.status).toBe('MERGED_CONSTITUENT');
    const [listed] = (await api.http.get(`/api/constituents/${existing.id}/merges`).set(auth)).body;
    expect(listed).toMatchObject({
      sourceConstituentId: created.body.id,
      targetConstituentId: existing.id,
      overriddenFields: ['firstName'],
    });
    const response = await undo(auth, listed.id);
    expect(response.status).toBe(200);
    expect(response.body.target.firstName).toBe('William');
    const dismissed = await api.http
      .get('/api/household-matches')
      .set(auth)
      .query({ status: 'DISMISSED' });
    expect(dismissed.body.map((m: { id: string }) => m.id)).toEqual([match.id]);
    const updated = await api.http
      .put(`/api/constituents/${created.body.id}`)
      .set(auth)
      .send({ addressCity: 'Springfield' });
    expect(updated.status).toBe(200);
    expect(
      await api.dataSource.query(
        `SELECT id, status FROM household_match WHERE organization_id = $1`,
        [org.id],
      ),
    ).toEqual([{ id: match.id, status: 'DISMISSED' }]);
  });

  it('never raises a pair again that a manual merge joined and its undo parted', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    const look = { firstName: 'Ada', lastName: 'Quill', dateOfBirth: '1961-03-04' };
    const source = await newConstituent(api, org.id, look);
    const target = await newConstituent(api, org.id, look);
    const merged = await merge(auth, {
      sourceConstituentId: source.id,
      targetConstituentId: target.id,
    });
    expect(merged.status).toBe(200);
    const [record] = (await api.http.get(`/api/constituents/${target.id}/merges`).set(auth)).body;
    expect((await undo(auth, record.id)).status).toBe(200);
    const third = await newConstituent(api, org.id, look);
    const updated = await api.http
      .put(`/api/constituents/${source.id}`)
      .set(auth)
      .send({ addressCity: 'Springfield' });
    expect(updated.status).toBe(200);
    expect(
      await api.dataSource.query(
        `SELECT constituent_id, candidate_constituent_id, status FROM household_match
          WHERE organization_id = $1`,
        [org.id],
      ),
    ).toEqual([
      { constituent_id: source.id, candidate_constituent_id: third.id, status: 'PENDING' },
    ]);
  });

  it('is 409 merge-undo-conflict naming each overridden field changed since, and changes nothing', async () => {
    const fixture = await pair();
    const { auth, org, target } = fixture;
    const mergeId = await merged(fixture);
    const edited = await api.http
      .put(`/api/constituents/${target.id}`)
      .set(auth)
      .send({ phone: '+12025550199', dateOfBirth: '1960-01-01', firstName: 'Will' });
    expect(edited.status).toBe(200);
    const before = await snapshotRows(api, org.id);
    const response = await undo(auth, mergeId);
    expectProblem(response, 409, 'merge-undo-conflict');
    expect(response.body.errors).toEqual([
      { field: 'phone', message: expect.any(String) },
      { field: 'dateOfBirth', message: expect.any(String) },
    ]);
    expect(await snapshotRows(api, org.id)).toEqual(before);
  });

  it('is 409 merge-undo-conflict while the target is merged away, and undoes once that is undone', async () => {
    const fixture = await pair();
    const { auth, org, target } = fixture;
    const first = await merged(fixture);
    const other = await newConstituent(api, org.id);
    expect(
      (await merge(auth, { sourceConstituentId: target.id, targetConstituentId: other.id })).status,
    ).toBe(200);
    const before = await snapshotRows(api, org.id);
    const refused = await undo(auth, first);
    expectProblem(refused, 409, 'merge-undo-conflict');
    expect(await snapshotRows(api, org.id)).toEqual(before);
    const [second] = (await api.http.get(`/api/constituents/${other.id}/merges`).set(auth)).body;
    expect((await undo(auth, second.id)).status).toBe(200);
    expect((await undo(auth, first)).status).toBe(200);
  });

  it('is 409 merge-undo-conflict for a merge recorded before merges could be undone', async () => {
    const fixture = await pair();
    const mergeId = await merged(fixture);
    await api.dataSource.query(`UPDATE merge_audit SET moved_ids = NULL WHERE id = $1`, [mergeId]);
    expectProblem(await undo(fixture.auth, mergeId), 409, 'merge-undo-conflict');
  });

  it('is 409 merge-already-undone the second time', async () => {
    const fixture = await pair();
    const mergeId = await merged(fixture);
    expect((await undo(fixture.auth, mergeId)).status).toBe(200);
    expectProblem(await undo(fixture.auth, mergeId), 409, 'merge-already-undone');
  });

  it('lets exactly one of two concurrent undos of a merge win', async () => {
    const fixture = await pair();
    const before = await state(fixture.org.id);
    const mergeId = await merged(fixture, { mergeHouseholds: true });
    const responses = await Promise.all([undo(fixture.auth, mergeId), undo(fixture.auth, mergeId)]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expectProblem(
      responses.find((response) => response.status === 409) as Response,
      409,
      'merge-already-undone',
    );
    expect(await state(fixture.org.id)).toEqual(before);
  });

  it('emits constituent.unmerged once to subscriptions that ask for it', async () => {
    const fixture = await pair();
    const subscribed = await api.http
      .post('/api/webhooks/subscriptions')
      .set(fixture.auth)
      .send({ url: 'https://203.0.113.10/hooks', events: ['constituent.unmerged'] });
    expect(subscribed.status).toBe(201);
    const mergeId = await merged(fixture);
    expect((await undo(fixture.auth, mergeId)).status).toBe(200);
    expect(
      await api.dataSource.query(
        `SELECT type, data FROM webhook_event WHERE organization_id = $1`,
        [fixture.org.id],
      ),
    ).toEqual([
      {
        type: 'constituent.unmerged',
        data: {
          sourceConstituentId: fixture.source.id,
          targetConstituentId: fixture.target.id,
          organizationId: fixture.org.id,
        },
      },
    ]);
  });

  it('records constituent.merge_undo in the access audit log, with ids and field names only', async () => {
    const fixture = await pair();
    const mergeId = await merged(fixture);
    expect((await undo(fixture.auth, mergeId)).status).toBe(200);
    expect(
      await api.dataSource.query(
        `SELECT actor_type, actor_id, subject_type, subject_id, details FROM audit_event
          WHERE organization_id = $1 AND action = 'constituent.merge_undo'`,
        [fixture.org.id],
      ),
    ).toEqual([
      {
        actor_type: 'MEMBER',
        actor_id: fixture.admin.id,
        subject_type: 'merge',
        subject_id: mergeId,
        details: {
          sourceConstituentId: fixture.source.id,
          targetConstituentId: fixture.target.id,
          restoredFields: ['phone', 'dateOfBirth'],
        },
      },
    ]);
  });

  it('keeps an opt-out the merge carried to the target: undo never opts anyone back in', async () => {
    const fixture = await pair();
    await api.http.post(`/api/constituents/${fixture.source.id}/opt-out`).set(fixture.auth);
    const mergeId = await merged(fixture);
    const response = await undo(fixture.auth, mergeId);
    expect(response.status).toBe(200);
    expect(response.body.source.smsOptedOut).toBe(true);
    expect(response.body.target.smsOptedOut).toBe(true);
  });

  it('is 400 naming mergeId, 401 without a token, 403 without duplicate_resolver, 404 for another organization’s or a household merge', async () => {
    const fixture = await pair('intake_staff', 'pii_reader');
    const mergeId = await merged(fixture);
    const malformed = await undo(fixture.auth, 'not-a-uuid');
    expectProblem(malformed, 400, 'validation-error');
    expect(malformed.body.errors).toContainEqual(expect.objectContaining({ field: 'mergeId' }));
    expectProblem(await api.http.post(`/api/constituents/merges/${mergeId}/undo`), 401);
    expectProblem(await undo(fixture.staff, mergeId), 403);
    expectProblem(await undo(fixture.auth, randomUUID()), 404, 'not-found');

    const other = await pair('duplicate_resolver');
    const foreign = await merged(other);
    const before = await snapshotRows(api, other.org.id);
    expectProblem(await undo(fixture.auth, foreign), 404, 'not-found');
    expect(await snapshotRows(api, other.org.id)).toEqual(before);
    const byResolver = await undo(other.staff, foreign);
    expect(byResolver.status).toBe(200);
    expect(byResolver.body.source).toMatchObject({ id: other.source.id, firstName: null });

    const households = await api.http
      .post(`/api/household-matches/${other.matchId}/resolve`)
      .set(other.auth)
      .send({ action: 'MERGE_HOUSEHOLD' });
    expect(households.status).toBe(200);
    const [householdMerge] = await api.dataSource.query(
      `SELECT id FROM merge_audit WHERE organization_id = $1 AND kind = 'MERGE_HOUSEHOLD'`,
      [other.org.id],
    );
    expectProblem(await undo(other.auth, householdMerge.id), 404, 'not-found');
  });
});
