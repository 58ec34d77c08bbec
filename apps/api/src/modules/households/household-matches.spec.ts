import type { AccessProfile } from '@assist/contracts';
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
import { countRows, insertInteraction, insertNeed } from '../../../test/related-rows';

describe('household matches', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  /** An existing constituent, then a look-alike created over HTTP, which raises one PENDING match. */
  async function raisedMatch(...profiles: AccessProfile[]) {
    const setup = await newOrgWithAdmin(api);
    const partner = await newPartner(api, setup.org.id);
    const existing = await newConstituent(api, setup.org.id, {
      firstName: 'William',
      lastName: 'Turner',
      dateOfBirth: '1958-07-19',
      addressStreet: '12 Oak Street',
      addressZip: '62704',
    });
    const housemate = await newConstituent(api, setup.org.id, {
      householdId: existing.householdId,
    });
    const created = await api.http.post('/api/constituents').set(setup.auth).send({
      firstName: 'Bill',
      lastName: 'Turner',
      dateOfBirth: '1958-07-19',
      addressStreet: '12 Oak St',
      addressZip: '62704',
    });
    const need = await insertNeed(api, setup.org.id, partner.id, created.body);
    await insertInteraction(api, setup.org.id, need, created.body.id);
    const staff = await newMember(api, setup.org.id, { role: 'staff', profiles });
    return {
      ...setup,
      existing,
      housemate,
      newcomer: created.body as { id: string; householdId: string },
      match: created.body.matches[0] as { id: string; score: number; reasons: string[] },
      staff: bearer(api, staff),
    };
  }

  const resolve = (auth: Record<string, string>, id: string, body: object) =>
    api.http.post(`/api/household-matches/${id}/resolve`).set(auth).send(body);

  describe('GET /api/household-matches', () => {
    const list = (auth: Record<string, string>, query: Record<string, string | string[]> = {}) =>
      api.http.get('/api/household-matches').set(auth).query(query);

    it('lists matches newest first, filtered by status, in keyset pages linked by rel="next"', async () => {
      const { auth, org, match } = await raisedMatch();
      const more = [];
      for (let index = 0; index < 3; index++) {
        const a = await newConstituent(api, org.id, { phone: `+1312555010${index}` });
        const b = await api.http
          .post('/api/constituents')
          .set(auth)
          .send({ phone: `+1312555010${index}` });
        more.push(b.body.matches[0].id);
        expect(a.id).toBe(b.body.matches[0].candidateConstituentId);
      }
      await resolve(auth, more[0], { action: 'DISMISS' });
      const all = await list(auth);
      expect(all.status).toBe(200);
      expect(all.body.map((m: { id: string }) => m.id)).toEqual(
        [...more].reverse().concat(match.id),
      );
      expect(all.headers.link).toBeUndefined();
      const pending = await list(auth, { status: 'PENDING', limit: '2' });
      expect(pending.body.map((m: { id: string }) => m.id)).toEqual([more[2], more[1]]);
      const next = /^<([^>]+)>; rel="next"$/.exec(pending.headers.link)![1];
      expect(next).toMatch(/^\/api\/household-matches\?status=PENDING&limit=2&cursor=/);
      const second = await api.http.get(next).set(auth);
      expect(second.body.map((m: { id: string }) => m.id)).toEqual([match.id]);
      expect(second.headers.link).toBeUndefined();
      const both = await list(auth, { status: ['DISMISSED', 'PENDING'] });
      expect(both.body).toHaveLength(4);
    });

    it('shows only the caller’s organization', async () => {
      const { auth } = await raisedMatch();
      const other = await raisedMatch();
      const response = await list(auth);
      expect(response.body.map((m: { id: string }) => m.id)).not.toContain(other.match.id);
    });

    it.each([
      [{ status: 'pending' }],
      [{ limit: '201' }],
      [{ limit: '0' }],
      [{ cursor: 'bm90IGEgY3Vyc29y' }],
    ])('refuses %j with 400', async (query) => {
      const { auth } = await raisedMatch();
      expectProblem(await list(auth, query), 400, 'validation-error');
    });

    it('is 401 without a token and 403 without the duplicate_resolver profile', async () => {
      const { staff } = await raisedMatch('intake_staff', 'pii_reader');
      expectProblem(await list({}), 401);
      expectProblem(await list(staff), 403);
    });
  });

  describe('POST /api/household-matches/{id}/resolve', () => {
    it('DISMISS: returns the dismissed match, which is never raised again; a second resolve is 409', async () => {
      const { admin, auth, match, newcomer } = await raisedMatch();
      const response = await resolve(auth, match.id, { action: 'DISMISS' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: match.id,
        status: 'DISMISSED',
        resolvedBy: admin.id,
        resolvedAt: expect.stringMatching(/Z$/),
      });
      await api.http
        .put(`/api/constituents/${newcomer.id}`)
        .set(auth)
        .send({ firstName: 'William' });
      const [{ n }] = await api.dataSource.query(
        'SELECT count(*)::int AS n FROM household_match WHERE constituent_id = $1',
        [newcomer.id],
      );
      expect(n).toBe(1);
      expectProblem(
        await resolve(auth, match.id, { action: 'DISMISS' }),
        409,
        'match-already-resolved',
      );
    });

    it('MERGE_CONSTITUENT: merges the other constituent into the target, with overrides', async () => {
      const { auth, org, match, existing, newcomer } = await raisedMatch('duplicate_resolver');
      const before = await countRows(api, org.id);
      const response = await resolve(auth, match.id, {
        action: 'MERGE_CONSTITUENT',
        targetConstituentId: newcomer.id,
        fieldOverrides: { firstName: 'William', addressStreet: null },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: match.id, status: 'MERGED_CONSTITUENT' });
      expect(await countRows(api, org.id)).toEqual({
        ...before,
        merge_audit: before.merge_audit + 1,
      });
      expectProblem(await api.http.get(`/api/constituents/${existing.id}`).set(auth), 404);
      const target = await api.http.get(`/api/constituents/${newcomer.id}`).set(auth);
      expect(target.body).toMatchObject({
        firstName: 'William',
        lastName: 'Turner',
        addressStreet: null,
      });
      const [audit] = await api.dataSource.query(
        'SELECT household_match_id, kind FROM merge_audit WHERE organization_id = $1',
        [org.id],
      );
      expect(audit).toEqual({ household_match_id: match.id, kind: 'MERGE_CONSTITUENT' });
      expectProblem(
        await resolve(auth, match.id, { action: 'DISMISS' }),
        409,
        'match-already-resolved',
      );
    });

    it('MERGE_HOUSEHOLD: moves every member of the other household into the target’s', async () => {
      const { auth, org, match, existing, housemate, newcomer } = await raisedMatch();
      const before = await countRows(api, org.id);
      const response = await resolve(auth, match.id, { action: 'MERGE_HOUSEHOLD' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        status: 'MERGED_HOUSEHOLD',
        householdId: existing.householdId,
        candidateHouseholdId: existing.householdId,
      });
      expect(await countRows(api, org.id)).toEqual({
        ...before,
        merge_audit: before.merge_audit + 1,
      });
      const household = await api.http.get(`/api/households/${existing.householdId}`).set(auth);
      expect(household.body.members.map((m: { id: string }) => m.id).sort()).toEqual(
        [existing.id, housemate.id, newcomer.id].sort(),
      );
      expectProblem(await api.http.get(`/api/households/${newcomer.householdId}`).set(auth), 404);
      const [need] = await api.dataSource.query(
        'SELECT household_id FROM need WHERE constituent_id = $1',
        [newcomer.id],
      );
      expect(need.household_id).toBe(existing.householdId);
    });

    it.each([
      [{ action: 'MERGE' }],
      [{}],
      [{ action: 'DISMISS', targetConstituentId: '00000000-0000-4000-8000-000000000000' }],
      [{ action: 'MERGE_HOUSEHOLD', fieldOverrides: { firstName: 'X' } }],
      [
        {
          action: 'MERGE_CONSTITUENT',
          targetConstituentId: '00000000-0000-4000-8000-000000000000',
        },
      ],
      [{ action: 'MERGE_CONSTITUENT', fieldOverrides: { addressState: 'XX' } }],
    ])('refuses %j with 400 and leaves the match pending', async (body) => {
      const { auth, match } = await raisedMatch();
      expectProblem(await resolve(auth, match.id, body), 400, 'validation-error');
      const [row] = await api.dataSource.query('SELECT status FROM household_match WHERE id = $1', [
        match.id,
      ]);
      expect(row.status).toBe('PENDING');
    });

    it('is 404 across organizations, 401 without a token, 403 without duplicate_resolver', async () => {
      const { auth, match, staff } = await raisedMatch('needs_processor', 'intake_staff');
      const other = await raisedMatch();
      expectProblem(await resolve(auth, other.match.id, { action: 'DISMISS' }), 404, 'not-found');
      expectProblem(await resolve({}, match.id, { action: 'DISMISS' }), 401);
      expectProblem(await resolve(staff, match.id, { action: 'DISMISS' }), 403);
    });
  });
});
