import type { Response } from 'supertest';
import type { AccessProfile } from '@assist/contracts';
import {
  bearer,
  expectProblem,
  newConstituent,
  newMember,
  newOrgWithAdmin,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

describe('GET /api/constituents/{id}/merges', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  type Auth = Record<string, string>;

  const merge = (auth: Auth, body: object) =>
    api.http.post('/api/constituents/merge').set(auth).send(body);
  const history = (auth: Auth, id: string, query: Record<string, string | number> = {}) =>
    api.http.get(`/api/constituents/${id}/merges`).set(auth).query(query);

  /** A target and `count` sources merged into it in turn (the last with a first-name override). */
  async function mergedInto(count: number, ...profiles: AccessProfile[]) {
    const setup = await newOrgWithAdmin(api);
    const target = await newConstituent(api, setup.org.id, {
      firstName: 'William',
      lastName: null,
    });
    const sources = [];
    for (let index = 0; index < count; index++) {
      const source = await newConstituent(api, setup.org.id, { firstName: 'Bill' });
      const last = index === count - 1;
      const merged = await merge(setup.auth, {
        sourceConstituentId: source.id,
        targetConstituentId: target.id,
        ...(last ? { fieldOverrides: { firstName: 'Bill', lastName: null } } : {}),
      });
      expect(merged.status).toBe(200);
      sources.push(source);
    }
    const staff = await newMember(api, setup.org.id, { role: 'staff', profiles });
    return { ...setup, target, sources, staff: bearer(api, staff) };
  }

  it('lists the merges of a target and of a merged-away source, newest first', async () => {
    const { auth, admin, target, sources } = await mergedInto(2);
    const listed = await history(auth, target.id);
    expect(listed.status).toBe(200);
    expect(listed.headers.link).toBeUndefined();
    expect(listed.body).toEqual([
      {
        id: expect.any(String),
        sourceConstituentId: sources[1].id,
        targetConstituentId: target.id,
        mergedBy: admin.id,
        mergedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        // lastName was null on both sides: only the field whose value changed was overridden.
        overriddenFields: ['firstName'],
        undoneBy: null,
        undoneAt: null,
      },
      expect.objectContaining({ sourceConstituentId: sources[0].id, overriddenFields: [] }),
    ]);
    expectProblem(await api.http.get(`/api/constituents/${sources[0].id}`).set(auth), 404);
    const ofSource = await history(auth, sources[0].id);
    expect(ofSource.status).toBe(200);
    expect(ofSource.body).toEqual([listed.body[1]]);
  });

  it('pages with limit and cursor, the next page in Link rel="next"', async () => {
    const { auth, target, sources } = await mergedInto(3);
    const first = await history(auth, target.id, { limit: 2 });
    expect(first.status).toBe(200);
    expect(first.body.map((m: { sourceConstituentId: string }) => m.sourceConstituentId)).toEqual([
      sources[2].id,
      sources[1].id,
    ]);
    const link = /^<([^>]+)>; rel="next"$/.exec(first.headers.link);
    expect(link?.[1]).toMatch(new RegExp(`^/api/constituents/${target.id}/merges\\?`));
    const second = await api.http.get(link![1]).set(auth);
    expect(second.status).toBe(200);
    expect(second.headers.link).toBeUndefined();
    expect(second.body.map((m: { sourceConstituentId: string }) => m.sourceConstituentId)).toEqual([
      sources[0].id,
    ]);
  });

  it('is 400 naming the id, limit or cursor when one is not valid', async () => {
    const { auth, target } = await mergedInto(1);
    const invalid = (response: Response, field: string) => {
      expectProblem(response, 400, 'validation-error');
      expect(response.body.errors).toContainEqual(expect.objectContaining({ field }));
    };
    invalid(await history(auth, 'not-a-uuid'), 'id');
    for (const limit of ['0', '201', 'many']) {
      invalid(await history(auth, target.id, { limit }), 'limit');
    }
    invalid(await history(auth, target.id, { cursor: 'bm90LWEtY3Vyc29y' }), 'cursor');
  });

  it('is 401 without a token, 403 without duplicate_resolver, 404 for an unknown or another organization’s id', async () => {
    const { auth, target, staff } = await mergedInto(1, 'intake_staff', 'pii_reader');
    expectProblem(await api.http.get(`/api/constituents/${target.id}/merges`), 401);
    expectProblem(await history(staff, target.id), 403);
    const resolver = await mergedInto(1, 'duplicate_resolver');
    const allowed = await history(resolver.staff, resolver.target.id);
    expect(allowed.status).toBe(200);
    expect(allowed.body).toHaveLength(1);
    expectProblem(await history(auth, resolver.target.id), 404, 'not-found');
    expectProblem(await history(auth, '00000000-0000-4000-8000-000000000000'), 404, 'not-found');
  });
});
