import {
  bearer,
  expectProblem,
  newConstituent,
  newMember,
  newOrgWithAdmin,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

describe('GET /api/households/{id}', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const get = (auth: Record<string, string>, id: string) =>
    api.http.get(`/api/households/${id}`).set(auth);

  it('returns the household with its live members, oldest first', async () => {
    const { auth, org } = await newOrgWithAdmin(api);
    const first = await newConstituent(api, org.id, { firstName: 'Maria' });
    const second = await newConstituent(api, org.id, {
      firstName: 'Jose',
      householdId: first.householdId,
    });
    const mergedAway = await newConstituent(api, org.id, { householdId: first.householdId });
    await api.dataSource.query('UPDATE constituent SET merged_into_id = $1 WHERE id = $2', [
      first.id,
      mergedAway.id,
    ]);
    const response = await get(auth, first.householdId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: first.householdId,
      members: [
        expect.objectContaining({ id: first.id, firstName: 'Maria' }),
        expect.objectContaining({ id: second.id, firstName: 'Jose' }),
      ],
    });
  });

  it('redacts personal fields for members without pii_reader', async () => {
    const { org } = await newOrgWithAdmin(api);
    const constituent = await newConstituent(api, org.id, {
      firstName: 'Maria',
      addressZip: '62704',
    });
    const processor = await newMember(api, org.id, {
      role: 'staff',
      profiles: ['needs_processor'],
    });
    const response = await get(bearer(api, processor), constituent.householdId);
    expect(response.body.members).toEqual([
      expect.objectContaining({ firstName: null, addressZip: '62704' }),
    ]);
  });

  it('is 404 across organizations and for a merged household, 400 for a malformed id', async () => {
    const { auth, org } = await newOrgWithAdmin(api);
    const other = await newOrgWithAdmin(api);
    const foreign = await newConstituent(api, other.org.id);
    expectProblem(await get(auth, foreign.householdId), 404, 'not-found');
    const [merged, into] = [await newConstituent(api, org.id), await newConstituent(api, org.id)];
    await api.dataSource.query('UPDATE household SET merged_into_id = $1 WHERE id = $2', [
      into.householdId,
      merged.householdId,
    ]);
    expectProblem(await get(auth, merged.householdId), 404, 'not-found');
    expectProblem(await get(auth, 'abc'), 400, 'validation-error');
  });

  it('is 401 without a token and 403 without constituent read access', async () => {
    const { org } = await newOrgWithAdmin(api);
    const constituent = await newConstituent(api, org.id);
    const communicator = await newMember(api, org.id, {
      role: 'staff',
      profiles: ['sms_communicator'],
    });
    expectProblem(await get({}, constituent.householdId), 401);
    expectProblem(await get(bearer(api, communicator), constituent.householdId), 403);
  });
});
