import type { PartnerEntity } from '@app/database';
import {
  bearer,
  expectProblem,
  newMember,
  newNeed,
  newOrgWithAdmin,
  newPartner,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

describe('GET /api/reports/surveys', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_MEMBER: '0' });
  });
  afterAll(() => api.close());

  const report = (auth: Record<string, string>, query: Record<string, string> = {}) =>
    api.http.get('/api/reports/surveys').set(auth).query(query);

  /** A need of the partner, its survey answered (and its submission time set, if given). */
  async function respond(partner: PartnerEntity, answers: object, submittedAt?: string) {
    const need = await newNeed(api, partner.organizationId, partner.id);
    const response = await api.http.post(`/api/surveys/${need.surveyToken}`).send({ answers });
    expect(response.status).toBe(201);
    if (submittedAt) {
      await api.dataSource.query(
        'UPDATE survey_response SET submitted_at = $1 WHERE need_id = $2',
        [submittedAt, need.id],
      );
    }
  }

  async function organization() {
    const admin = await newOrgWithAdmin(api);
    const pantry = await newPartner(api, admin.org.id, { isDefault: true });
    const shelter = await newPartner(api, admin.org.id);
    return { ...admin, pantry, shelter };
  }

  it('counts each value chosen, household_size per number, and hides counts under 5', async () => {
    const { auth, pantry } = await organization();
    for (let i = 0; i < 5; i++) {
      await respond(pantry, { household_size: 3, veteran: 'no', preferred_language: 'en' });
    }
    await respond(pantry, { household_size: 4, veteran: 'no' });
    await respond(pantry, { household_size: 12, veteran: 'yes', zip: '60614' });
    await respond(pantry, {});
    const response = await report(auth);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      responses: 8,
      questions: {
        household_size: { '3': 5, '4': null, '12': null },
        age_range: {},
        preferred_language: { en: 5 },
        zip: { '60614': null },
        household_income: {},
        veteran: { no: 6, yes: null },
        referral_source: {},
      },
    });
  });

  it("counts days of submission in the organization's timezone, both ends included", async () => {
    const { org, auth, pantry } = await organization();
    await api.dataSource.query(
      `UPDATE organization SET timezone = 'America/Chicago' WHERE id = $1`,
      [org.id],
    );
    // Chicago is UTC-6 in January: local midnight of Jan 10 is 06:00Z.
    for (const at of [
      '2026-01-10T05:59:59Z',
      '2026-01-10T06:00:00Z',
      '2026-01-15T12:00:00Z',
      '2026-01-20T05:59:59Z',
      '2026-01-20T06:00:00Z',
    ]) {
      await respond(pantry, { veteran: 'no' }, at);
    }
    const responses = async (query: Record<string, string>) =>
      (await report(auth, query)).body.responses;
    expect(await responses({ from: '2026-01-10', to: '2026-01-19' })).toBe(3);
    expect(await responses({ from: '2026-01-10', to: '2026-01-10' })).toBe(1);
    expect(await responses({ from: '2026-01-09', to: '2026-01-09' })).toBe(1);
    expect(await responses({ from: '2026-01-20' })).toBe(1);
    expect(await responses({ to: '2026-01-19' })).toBe(4);
    expect(await responses({})).toBe(5);
  });

  it("filters by the need's partner; a partner_admin reads its own partner only", async () => {
    const { org, auth, pantry, shelter } = await organization();
    await respond(pantry, { veteran: 'no' });
    await respond(shelter, { veteran: 'no' });
    await respond(shelter, { veteran: 'no' });
    expect((await report(auth, { partnerId: shelter.id })).body.responses).toBe(2);
    expect((await report(auth, { partnerId: pantry.id })).body.responses).toBe(1);
    const shelterAdmin = bearer(
      api,
      await newMember(api, org.id, { role: 'partner_admin', partnerId: shelter.id }),
    );
    expect((await report(shelterAdmin)).body.responses).toBe(2);
    expect((await report(shelterAdmin, { partnerId: shelter.id })).body.responses).toBe(2);
    expectProblem(await report(shelterAdmin, { partnerId: pantry.id }), 403, 'forbidden');
  });

  it("counts nothing of another organization's, even by its partner's id", async () => {
    const mine = await organization();
    const theirs = await organization();
    await respond(theirs.pantry, { veteran: 'yes' });
    expect((await report(mine.auth)).body.responses).toBe(0);
    expect((await report(mine.auth, { partnerId: theirs.pantry.id })).body.responses).toBe(0);
  });

  it.each([
    ['from', { from: '2026-02-30' }],
    ['to', { to: '2026-1-5' }],
    ['to', { from: '2026-03-02', to: '2026-03-01' }],
    ['partnerId', { partnerId: 'pantry' }],
    ['page', { page: '1' }],
  ])('refuses a bad %s with 400 naming it', async (field, query) => {
    const { auth } = await organization();
    const response = await report(auth, query);
    expectProblem(response, 400, 'validation-error');
    expect(response.body.errors).toContainEqual(expect.objectContaining({ field }));
  });

  it('is 401 without a credential and 403 for staff and volunteers', async () => {
    const { org } = await organization();
    expectProblem(await report({}), 401);
    for (const member of [
      await newMember(api, org.id, { role: 'staff', profiles: ['needs_processor', 'pii_reader'] }),
      await newMember(api, org.id, { role: 'volunteer' }),
    ]) {
      expectProblem(await report(bearer(api, member)), 403, 'forbidden');
    }
  });
});
