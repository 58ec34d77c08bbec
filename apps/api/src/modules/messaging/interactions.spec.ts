import { InteractionRepository, organizationId, TenantContext } from '@app/database';
import { bearer, expectProblem, newMember, newTextableNeed, TestApp } from '@app/testing';
import { startTestApi } from '../../../test/test-api';

describe('GET /api/needs/{id}/interactions', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const list = (needId: string, headers: object = {}) =>
    api.http.get(`/api/needs/${needId}/interactions`).set(headers as Record<string, string>);

  it('lists the need’s emails and SMS, newest first', async () => {
    const { org, auth, need, constituent } = await newTextableNeed(api);
    const repository = api.app.get(InteractionRepository);
    const record = (body: string, createdAt: string) =>
      api.app
        .get(TenantContext)
        .run(organizationId(org.id), () =>
          repository.insert(organizationId(org.id), {
            needId: need.id,
            constituentId: constituent.id,
            channel: 'SMS',
            direction: 'INBOUND',
            subject: null,
            body,
            status: 'DELIVERED',
            createdBy: null,
            scheduledFor: null,
          }),
        )
        .then((row) =>
          api.dataSource.query(`UPDATE interaction SET created_at = $2 WHERE id = $1`, [
            row.id,
            createdAt,
          ]),
        );
    await record('older', '2025-01-01T10:00:00Z');
    await record('newer', '2025-01-02T10:00:00Z');
    const response = await list(need.id, auth);
    expect(response.status).toBe(200);
    expect(response.body.map((item: { body: string }) => item.body)).toEqual(['newer', 'older']);
    expect(response.body[0]).toEqual({
      id: expect.any(String),
      needId: need.id,
      constituentId: constituent.id,
      channel: 'SMS',
      direction: 'INBOUND',
      subject: null,
      body: 'newer',
      status: 'DELIVERED',
      providerMessageId: null,
      error: null,
      createdBy: null,
      createdAt: '2025-01-02T10:00:00.000Z',
      sentAt: null,
      scheduledFor: null,
    });
  });

  it('is empty for a need without interactions', async () => {
    const { auth, need } = await newTextableNeed(api);
    expect((await list(need.id, auth)).body).toEqual([]);
  });

  it('follows the need’s row scope: another partner’s need is 404, a needs_processor reads', async () => {
    const { org, need, partner } = await newTextableNeed(api);
    const ownProcessor = await newMember(api, org.id, {
      role: 'staff',
      profiles: ['needs_processor'],
      partnerId: partner.id,
    });
    expect((await list(need.id, bearer(api, ownProcessor))).status).toBe(200);
    const otherPartnerAdmin = await newMember(api, org.id, { role: 'partner_admin' });
    expectProblem(await list(need.id, bearer(api, otherPartnerAdmin)), 404);
    const volunteer = await newMember(api, org.id, { role: 'volunteer' });
    expectProblem(await list(need.id, bearer(api, volunteer)), 404);
  });

  it('is 401 without a credential, 403 without the permission, 404 for another organization', async () => {
    const { org, need } = await newTextableNeed(api);
    expectProblem(await list(need.id), 401);
    const smsOnly = await newMember(api, org.id, { role: 'staff', profiles: ['sms_communicator'] });
    expectProblem(await list(need.id, bearer(api, smsOnly)), 403, 'forbidden');
    const other = await newTextableNeed(api);
    expectProblem(await list(need.id, other.auth), 404, 'not-found');
    expectProblem(await list('nope', other.auth), 400, 'validation-error');
  });
});
