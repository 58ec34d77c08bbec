import type { AccessProfile } from '@assist/contracts';
import type { ConstituentEntity } from '@app/database';
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
import { countRows, insertInteraction, insertNeed, snapshotRows } from '../../../test/related-rows';

describe('POST /api/constituents/merge', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const merge = (auth: Record<string, string>, body: object) =>
    api.http.post('/api/constituents/merge').set(auth).send(body);

  /** Two constituents in separate households, each with a need and an interaction; the source has a match. */
  async function pair(...profiles: AccessProfile[]) {
    const setup = await newOrgWithAdmin(api);
    const orgId = setup.org.id;
    const partner = await newPartner(api, orgId);
    const source = await newConstituent(api, orgId, {
      firstName: 'Bill',
      lastName: 'Turner',
      phone: '+12025550111',
    });
    const target = await newConstituent(api, orgId, {
      firstName: 'William',
      lastName: 'Turner',
      dateOfBirth: '1958-07-19',
    });
    const third = await newConstituent(api, orgId, { phone: '+12025550111' });
    for (const constituent of [source, target]) {
      const need = await insertNeed(api, orgId, partner.id, constituent);
      await insertInteraction(api, orgId, need, constituent.id);
    }
    await api.dataSource.query(
      `INSERT INTO household_match (organization_id, constituent_id, candidate_constituent_id, household_id,
         candidate_household_id, score, reasons)
       VALUES ($1, $2, $3, $4, $5, 0.5, '{PHONE}')`,
      [orgId, third.id, source.id, third.householdId, source.householdId],
    );
    const staff = await newMember(api, orgId, { role: 'staff', profiles });
    return { ...setup, partner, source, target, third, staff: bearer(api, staff) };
  }

  const rowsOf = (table: string, column: string, id: string) =>
    api.dataSource
      .query(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [id])
      .then(([row]) => row.n);

  it('moves needs, interactions and matches to the target, applies overrides, hides the source', async () => {
    const { auth, admin, org, source, target, third } = await pair();
    const before = await countRows(api, org.id);
    const response = await merge(auth, {
      sourceConstituentId: source.id,
      targetConstituentId: target.id,
      fieldOverrides: { phone: '+12025550111', dateOfBirth: null },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: target.id,
      firstName: 'William',
      phone: '+12025550111',
      dateOfBirth: null,
    });
    const after = await countRows(api, org.id);
    expect(after).toEqual({
      ...before,
      merge_audit: before.merge_audit + 1,
      household: before.household,
    });
    expect(await rowsOf('need', 'constituent_id', source.id)).toBe(0);
    expect(await rowsOf('need', 'constituent_id', target.id)).toBe(2);
    expect(await rowsOf('need', 'household_id', target.householdId)).toBe(2);
    expect(await rowsOf('interaction', 'constituent_id', target.id)).toBe(2);
    const [match] = await api.dataSource.query(
      'SELECT id, constituent_id, candidate_constituent_id, candidate_household_id FROM household_match WHERE organization_id = $1',
      [org.id],
    );
    expect(match).toEqual({
      id: expect.any(String),
      constituent_id: third.id,
      candidate_constituent_id: target.id,
      candidate_household_id: target.householdId,
    });
    expectProblem(await api.http.get(`/api/constituents/${source.id}`).set(auth), 404, 'not-found');
    const found = await api.http.get('/api/constituents').set(auth).query({ query: 'Turner' });
    expect(found.body.map((c: { id: string }) => c.id)).toEqual([target.id]);
    const [audit] = await api.dataSource.query(
      'SELECT * FROM merge_audit WHERE organization_id = $1',
      [org.id],
    );
    expect(audit).toMatchObject({
      kind: 'MERGE_CONSTITUENT',
      source_constituent_id: source.id,
      target_constituent_id: target.id,
      merged_by: admin.id,
      source_before: expect.objectContaining({ firstName: 'Bill', phone: '+12025550111' }),
      target_before: expect.objectContaining({
        firstName: 'William',
        dateOfBirth: '1958-07-19',
        phone: null,
      }),
      moved: expect.objectContaining({ need: 1, interaction: 1, matches: 1 }),
      moved_ids: expect.objectContaining({
        need: [expect.any(String)],
        interaction: [expect.any(String)],
        matches: [match.id],
      }),
      overridden: {
        phone: { before: null, after: '+12025550111' },
        dateOfBirth: { before: '1958-07-19', after: null },
      },
      undone_by: null,
      undone_at: null,
    });
  });

  it('merges a household left empty into the target’s; mergeHouseholds moves the rest too', async () => {
    const { auth, org, source, target } = await pair();
    const sibling = await newConstituent(api, org.id, { householdId: source.householdId });
    const lone = await merge(auth, {
      sourceConstituentId: sibling.id,
      targetConstituentId: target.id,
    });
    expect(lone.status).toBe(200);
    expect((await api.http.get(`/api/households/${source.householdId}`).set(auth)).status).toBe(
      200,
    );
    const whole = await merge(auth, {
      sourceConstituentId: source.id,
      targetConstituentId: target.id,
      mergeHouseholds: true,
    });
    expect(whole.status).toBe(200);
    expectProblem(await api.http.get(`/api/households/${source.householdId}`).set(auth), 404);
    expect(await rowsOf('need', 'household_id', source.householdId)).toBe(0);
  });

  it('moves the whole household with mergeHouseholds', async () => {
    const { auth, org, source, target } = await pair();
    const sibling = await newConstituent(api, org.id, { householdId: source.householdId });
    await merge(auth, {
      sourceConstituentId: source.id,
      targetConstituentId: target.id,
      mergeHouseholds: true,
    });
    const household = await api.http.get(`/api/households/${target.householdId}`).set(auth);
    expect(household.body.members.map((m: { id: string }) => m.id).sort()).toEqual(
      [sibling.id, target.id].sort(),
    );
  });

  it('keeps the opt-out of either record', async () => {
    const { auth, source, target } = await pair();
    await api.http.post(`/api/constituents/${source.id}/opt-out`).set(auth);
    const response = await merge(auth, {
      sourceConstituentId: source.id,
      targetConstituentId: target.id,
    });
    expect(response.body.smsOptedOut).toBe(true);
  });

  it('leaves every table as it was when the merge fails midway', async () => {
    const { auth, org, source, target } = await pair();
    const before = await snapshotRows(api, org.id);
    await api.ownerQuery(`
      CREATE FUNCTION fail_merge_audit() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'forced failure'; END $$;
      CREATE TRIGGER fail_merge_audit BEFORE INSERT ON merge_audit FOR EACH ROW EXECUTE FUNCTION fail_merge_audit();`);
    try {
      const response = await merge(auth, {
        sourceConstituentId: source.id,
        targetConstituentId: target.id,
        mergeHouseholds: true,
        fieldOverrides: { firstName: 'Changed' },
      });
      expectProblem(response, 500);
      expect(response.body.detail).not.toContain('forced failure');
    } finally {
      await api.ownerQuery(
        'DROP TRIGGER fail_merge_audit ON merge_audit; DROP FUNCTION fail_merge_audit();',
      );
    }
    expect(await snapshotRows(api, org.id)).toEqual(before);
  });

  it('neither loses nor duplicates rows when overlapping merges run at once', async () => {
    const { auth, org, partner } = await pair();
    const people: ConstituentEntity[] = [];
    for (let index = 0; index < 6; index++) {
      const person = await newConstituent(api, org.id);
      await insertNeed(api, org.id, partner.id, person);
      people.push(person);
    }
    const before = await countRows(api, org.id);
    const chains = [
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 0],
      [4, 5],
      [5, 4],
      [0, 5],
      [2, 4],
    ].map(([from, to]) =>
      merge(auth, {
        sourceConstituentId: people[from].id,
        targetConstituentId: people[to].id,
        mergeHouseholds: true,
      }),
    );
    const statuses = (await Promise.all(chains)).map((response) => response.status);
    expect(statuses.every((status) => status === 200 || status === 404)).toBe(true);
    const merges = statuses.filter((status) => status === 200).length;
    const after = await countRows(api, org.id);
    expect(after).toEqual({ ...before, merge_audit: before.merge_audit + merges });
    const [orphans] = await api.dataSource.query(
      `SELECT count(*)::int AS n FROM need n JOIN constituent c ON c.id = n.constituent_id
        WHERE n.organization_id = $1 AND (c.merged_into_id IS NOT NULL OR n.household_id <> c.household_id)`,
      [org.id],
    );
    expect(orphans.n).toBe(0);
    const [live] = await api.dataSource.query(
      `SELECT count(*)::int AS n FROM constituent WHERE id = ANY ($1) AND merged_into_id IS NULL`,
      [people.map((person) => person.id)],
    );
    expect(live.n).toBe(people.length - merges);
  });

  it('refuses merging a constituent into itself, and invalid bodies, with 400', async () => {
    const { auth, source, target } = await pair();
    const self = await merge(auth, {
      sourceConstituentId: source.id,
      targetConstituentId: source.id,
    });
    expectProblem(self, 400, 'validation-error');
    for (const body of [
      { sourceConstituentId: source.id },
      { sourceConstituentId: 'x', targetConstituentId: target.id },
      {
        sourceConstituentId: source.id,
        targetConstituentId: target.id,
        fieldOverrides: { addressZip: '1' },
      },
      {
        sourceConstituentId: source.id,
        targetConstituentId: target.id,
        fieldOverrides: { smsOptedOut: false },
      },
      { sourceConstituentId: source.id, targetConstituentId: target.id, mergeHouseholds: 'yes' },
    ]) {
      expectProblem(await merge(auth, body), 400, 'validation-error');
    }
  });

  it('is 404 "Constituent not found" for another organization’s or a merged-away constituent', async () => {
    const { auth, source, target } = await pair();
    const other = await pair();
    const foreign = await merge(auth, {
      sourceConstituentId: other.source.id,
      targetConstituentId: target.id,
    });
    expectProblem(foreign, 404, 'not-found');
    expect(foreign.body.detail).toBe('Constituent not found');
    expect(
      (await merge(auth, { sourceConstituentId: source.id, targetConstituentId: target.id }))
        .status,
    ).toBe(200);
    expectProblem(
      await merge(auth, { sourceConstituentId: source.id, targetConstituentId: target.id }),
      404,
    );
  });

  it('is 401 without a token and 403 without the duplicate_resolver profile; a resolver may merge', async () => {
    const { source, target, staff } = await pair('intake_staff', 'pii_reader');
    const body = { sourceConstituentId: source.id, targetConstituentId: target.id };
    expectProblem(await merge({}, body), 401);
    expectProblem(await merge(staff, body), 403);
    const resolver = await pair('duplicate_resolver');
    const response = await merge(resolver.staff, {
      sourceConstituentId: resolver.source.id,
      targetConstituentId: resolver.target.id,
    });
    expect(response.status).toBe(200);
    expect(response.body.firstName).toBeNull();
  });
});
