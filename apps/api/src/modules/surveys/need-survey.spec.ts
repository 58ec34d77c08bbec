import { randomUUID } from 'node:crypto';
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

describe('GET /api/needs/{id}/survey', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_MEMBER: '0' });
  });
  afterAll(() => api.close());

  const survey = (id: string, auth: Record<string, string> = {}) =>
    api.http.get(`/api/needs/${id}/survey`).set(auth);

  async function answered() {
    const { org, auth } = await newOrgWithAdmin(api);
    const partner = await newPartner(api, org.id, { isDefault: true });
    const need = await newNeed(api, org.id, partner.id);
    const submitted = await api.http
      .post(`/api/surveys/${need.surveyToken}`)
      .send({ answers: { household_size: 2, veteran: 'yes' } });
    expect(submitted.status).toBe(201);
    return { org, auth, partner, need, submittedAt: submitted.body.submittedAt as string };
  }

  it("answers the need's survey with its answers only", async () => {
    const { auth, need, submittedAt } = await answered();
    const response = await survey(need.id, auth);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      needId: need.id,
      submittedAt,
      answers: { household_size: 2, veteran: 'yes' },
    });
  });

  it('is 404 while the survey is unanswered', async () => {
    const { org, auth, partner } = await answered();
    const unanswered = await newNeed(api, org.id, partner.id);
    expectProblem(await survey(unanswered.id, auth), 404, 'not-found');
  });

  it('is for whoever may read the need: needs_processor yes, a staff member without it 403', async () => {
    const { org, need } = await answered();
    const processor = await newMember(api, org.id, {
      role: 'staff',
      profiles: ['needs_processor'],
    });
    expect((await survey(need.id, bearer(api, processor))).status).toBe(200);
    const smsOnly = await newMember(api, org.id, { role: 'staff', profiles: ['sms_manager'] });
    expectProblem(await survey(need.id, bearer(api, smsOnly)), 403, 'forbidden');
  });

  it("is 404 for a need outside the caller's row scope or organization", async () => {
    const { org, need } = await answered();
    const otherPartnerAdmin = await newMember(api, org.id, { role: 'partner_admin' });
    expectProblem(await survey(need.id, bearer(api, otherPartnerAdmin)), 404, 'not-found');
    const volunteer = await newMember(api, org.id, { role: 'volunteer' });
    expectProblem(await survey(need.id, bearer(api, volunteer)), 404, 'not-found');
    const other = await newOrgWithAdmin(api);
    expectProblem(await survey(need.id, other.auth), 404, 'not-found');
  });

  it('is 401 without a credential and 400 for an id that is not a UUID', async () => {
    const { auth } = await answered();
    expectProblem(await survey(randomUUID()), 401);
    const response = await survey('not-a-uuid', auth);
    expectProblem(response, 400, 'validation-error');
    expect(response.body.errors).toEqual([expect.objectContaining({ field: 'id' })]);
  });
});
