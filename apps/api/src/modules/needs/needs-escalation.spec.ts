import { NeedRepository, TenantContext } from '@app/database';
import { JobQueue, SlaEscalationProcessor } from '@app/jobs';
import { newNeed, newOrgWithAdmin, newPartner, TestApp } from '@app/testing';
import { startTestApi } from '../../../test/test-api';

describe('SLA escalation', () => {
  let api: TestApp;
  let processor: SlaEscalationProcessor;

  beforeAll(async () => {
    api = await startTestApi();
    processor = new SlaEscalationProcessor(
      api.app.get(JobQueue),
      api.app.get(NeedRepository),
      api.app.get(TenantContext),
    );
  });
  afterAll(() => api.close());

  const overdue = () => ({ dueDate: new Date(Date.now() - 60_000) });

  it('moves overdue NEW needs to the default partner once, and records it', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    const triage = await newPartner(api, org.id, { isDefault: true });
    const pantry = await newPartner(api, org.id);
    const late = await newNeed(api, org.id, pantry.id, overdue());
    const lateAtDefault = await newNeed(api, org.id, triage.id, overdue());
    const onTime = await newNeed(api, org.id, pantry.id);
    const lateButAccepted = await newNeed(api, org.id, pantry.id, {
      status: 'ACCEPTED',
      ...overdue(),
    });

    expect(await processor.escalateOverdue()).toBeGreaterThanOrEqual(2);
    const read = async (id: string) => (await api.http.get(`/api/needs/${id}`).set(auth)).body;
    expect(await read(late.id)).toMatchObject({
      partnerId: triage.id,
      status: 'NEW',
      isOverdue: true,
    });
    expect((await read(onTime.id)).partnerId).toBe(pantry.id);
    expect((await read(lateButAccepted.id)).partnerId).toBe(pantry.id);
    const history = (await api.http.get(`/api/needs/${late.id}/history`).set(auth)).body;
    expect(history).toEqual([
      {
        id: expect.any(String),
        kind: 'ESCALATION',
        at: expect.any(String),
        actorId: null,
        fromStatus: 'NEW',
        toStatus: 'NEW',
        fromPartnerId: pantry.id,
        toPartnerId: triage.id,
        reason: null,
        outcome: null,
      },
    ]);
    expect(
      (await api.http.get(`/api/needs/${lateAtDefault.id}/history`).set(auth)).body,
    ).toMatchObject([{ kind: 'ESCALATION', fromPartnerId: triage.id, toPartnerId: triage.id }]);

    expect(await processor.escalateOverdue()).toBe(0);
    expect((await api.http.get(`/api/needs/${late.id}/history`).set(auth)).body).toHaveLength(1);
  });

  it('leaves overdue needs of an organization without a default partner alone', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    const pantry = await newPartner(api, org.id);
    const late = await newNeed(api, org.id, pantry.id, overdue());
    await processor.escalateOverdue();
    expect((await api.http.get(`/api/needs/${late.id}/history`).set(auth)).body).toEqual([]);
  });

  it('skips needs locked by a running update and takes them on the next run', async () => {
    const { org } = await newOrgWithAdmin(api);
    await newPartner(api, org.id, { isDefault: true });
    const pantry = await newPartner(api, org.id);
    const late = await newNeed(api, org.id, pantry.id, overdue());
    const runner = api.dataSource.createQueryRunner();
    await runner.startTransaction();
    try {
      await runner.query('SELECT 1 FROM need WHERE id = $1 FOR UPDATE', [late.id]);
      await processor.escalateOverdue();
      const [locked] = await api.dataSource.query('SELECT escalated_at FROM need WHERE id = $1', [
        late.id,
      ]);
      expect(locked.escalated_at).toBeNull();
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
    await processor.escalateOverdue();
    const [escalated] = await api.dataSource.query('SELECT escalated_at FROM need WHERE id = $1', [
      late.id,
    ]);
    expect(escalated.escalated_at).toBeInstanceOf(Date);
  });
});
