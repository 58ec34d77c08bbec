import { randomUUID } from 'node:crypto';
import { NeedEntity } from '@app/database';
import { expectProblem, newNeed, newOrg, newPartner, TestApp } from '@app/testing';
import { startTestApi } from '../../../test/test-api';

const DAY_MS = 86_400_000;

describe('GET and POST /api/surveys/{surveyToken}', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_PUBLIC_PER_IP: '0', RATE_LIMIT_PUBLIC_PER_ORG: '0' });
  });
  afterAll(() => api.close());

  const read = (token: string) => api.http.get(`/api/surveys/${token}`);
  const answer = (token: string, body: object) => api.http.post(`/api/surveys/${token}`).send(body);

  /** A need recorded by public intake, as its requester holds it. */
  async function intake(orgOverrides = {}) {
    const org = await newOrg(api, { name: 'Eastside Mutual Aid', ...orgOverrides });
    await newPartner(api, org.id, { isDefault: true });
    const created = await api.http.post('/api/needs/public').send({
      organizationId: org.id,
      description: 'Rent help',
      contact: { firstName: 'Maribel', lastName: 'Quintero', phone: '+13125550142' },
    });
    expect(created.status).toBe(201);
    return { org, need: created.body };
  }

  it('serves the survey behind the surveyLink of public intake', async () => {
    const { need } = await intake();
    expect(need.surveyLink).toBe(`${api.config.publicAppUrl}/survey/${need.surveyToken}`);
    const response = await read(need.surveyToken);
    expect(response.status).toBe(200);
    const stored = await api.dataSource.getRepository(NeedEntity).findOneByOrFail({ id: need.id });
    expect(response.body).toEqual({
      organizationName: 'Eastside Mutual Aid',
      referenceNumber: need.referenceNumber,
      expiresAt: new Date(stored.createdAt.getTime() + 30 * DAY_MS).toISOString(),
      submittedAt: null,
      questions: expect.any(Array),
    });
    expect(response.body.questions.map((q: { id: string }) => q.id)).toEqual([
      'household_size',
      'age_range',
      'preferred_language',
      'zip',
      'household_income',
      'veteran',
      'referral_source',
    ]);
    expect(response.body.questions[0]).toEqual({
      id: 'household_size',
      text: expect.any(String),
      type: 'number',
      min: 1,
      max: 20,
    });
    expect(response.body.questions[5]).toEqual({
      id: 'veteran',
      text: expect.any(String),
      type: 'single_choice',
      options: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ],
    });
  });

  it('takes one submission (201), then answers 409 survey-already-submitted', async () => {
    const { org, need } = await intake();
    const answers = {
      household_size: 4,
      age_range: '35_44',
      preferred_language: 'es',
      zip: '60614',
      household_income: '15k_30k',
      veteran: 'no',
      referral_source: '211',
    };
    const first = await answer(need.surveyToken, { answers });
    expect(first.status).toBe(201);
    expect(first.headers.location).toBe(`/api/surveys/${need.surveyToken}`);
    expect(first.body).toEqual({ submittedAt: expect.stringMatching(/Z$/) });
    expect((await read(need.surveyToken)).body.submittedAt).toBe(first.body.submittedAt);
    const second = await answer(need.surveyToken, { answers: { veteran: 'yes' } });
    expectProblem(second, 409, 'survey-already-submitted');
    const stored = await api.dataSource.query(
      'SELECT answers FROM survey_response WHERE organization_id = $1',
      [org.id],
    );
    expect(stored).toEqual([{ answers }]);
  });

  it('keeps answers apart from the constituent: the response row names the need only', async () => {
    const columns: { column_name: string }[] = await api.dataSource.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'survey_response'`,
    );
    expect(columns.map((c) => c.column_name).sort()).toEqual([
      'answers',
      'id',
      'need_id',
      'organization_id',
      'submitted_at',
    ]);
  });

  it('stores only the questions answered: every one is optional, a null answer is none', async () => {
    const { org, need } = await intake();
    const response = await answer(need.surveyToken, { answers: { zip: '02139', veteran: null } });
    expect(response.status).toBe(201);
    const stored = await api.dataSource.query(
      'SELECT answers FROM survey_response WHERE organization_id = $1',
      [org.id],
    );
    expect(stored).toEqual([{ answers: { zip: '02139' } }]);
  });

  it.each([
    ['answers.favourite_color', { favourite_color: 'blue' }],
    ['answers.household_size', { household_size: 0 }],
    ['answers.household_size', { household_size: 21 }],
    ['answers.household_size', { household_size: 2.5 }],
    ['answers.household_size', { household_size: '3' }],
    ['answers.zip', { zip: '6061' }],
    ['answers.zip', { zip: 60614 }],
    ['answers.age_range', { age_range: '18-24' }],
    ['answers.veteran', { veteran: 'YES' }],
    ['answers.referral_source', { referral_source: ['211'] }],
  ])('refuses %s with 400 naming it, storing nothing', async (field, answers) => {
    const { org, need } = await intake();
    const response = await answer(need.surveyToken, {
      answers: { age_range: '25_34', ...answers },
    });
    expectProblem(response, 400, 'validation-error');
    const fields = response.body.errors.map((error: { field: string }) => error.field);
    expect(new Set(fields)).toEqual(new Set([field]));
    const stored = await api.dataSource.query(
      'SELECT 1 FROM survey_response WHERE organization_id = $1',
      [org.id],
    );
    expect(stored).toEqual([]);
    expect((await answer(need.surveyToken, { answers: { age_range: '25_34' } })).status).toBe(201);
  });

  it.each([
    ['answers', {}],
    ['answers', { answers: 'household_size=3' }],
    ['answers', { answers: null }],
    ['comment', { answers: {}, comment: 'thanks' }],
  ])('refuses a body without an answers object (400 naming %s)', async (field, body) => {
    const { need } = await intake();
    const response = await answer(need.surveyToken, body);
    expectProblem(response, 400, 'validation-error');
    expect(response.body.errors).toContainEqual(expect.objectContaining({ field }));
  });

  it('refuses a token that is not a UUID with 400 naming surveyToken', async () => {
    for (const response of [
      await read('not-a-token'),
      await answer('not-a-token', { answers: {} }),
    ]) {
      expectProblem(response, 400, 'validation-error');
      expect(response.body.errors).toEqual([expect.objectContaining({ field: 'surveyToken' })]);
    }
  });

  it('answers 404 for an unknown token, an expired one and one of a disabled organization', async () => {
    const expired = await intake();
    await api.dataSource
      .getRepository(NeedEntity)
      .update({ id: expired.need.id }, { createdAt: new Date(Date.now() - 30 * DAY_MS - 60_000) });
    const disabled = await intake();
    await api.dataSource.query(`UPDATE organization SET org_status = 'DISABLED' WHERE id = $1`, [
      disabled.org.id,
    ]);
    for (const token of [randomUUID(), expired.need.surveyToken, disabled.need.surveyToken]) {
      expectProblem(await read(token), 404, 'not-found');
      expectProblem(await answer(token, { answers: { veteran: 'no' } }), 404, 'not-found');
    }
    const stored = await api.dataSource.query(
      'SELECT 1 FROM survey_response WHERE organization_id = ANY($1)',
      [[expired.org.id, disabled.org.id]],
    );
    expect(stored).toEqual([]);
  });

  it('still serves a survey on its last day', async () => {
    const { need } = await intake();
    await api.dataSource
      .getRepository(NeedEntity)
      .update({ id: need.id }, { createdAt: new Date(Date.now() - 30 * DAY_MS + 60_000) });
    expect((await read(need.surveyToken)).status).toBe(200);
  });

  it('opens no survey by a need id (the token is the credential)', async () => {
    const org = await newOrg(api);
    const partner = await newPartner(api, org.id, { isDefault: true });
    const need = await newNeed(api, org.id, partner.id);
    expectProblem(await read(need.id), 404, 'not-found');
    expect((await read(need.surveyToken)).status).toBe(200);
  });
});
