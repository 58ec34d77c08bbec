import { randomUUID } from 'node:crypto';
import type { Job } from 'pg-boss';
import { InteractionEntity, organizationId, TenantContext } from '@app/database';
import { SmsDispatchJob, SmsDispatchProcessor, SmsDispatcher, SmsOutbox } from '@app/jobs';
import { SmsDeliveryError } from '@app/messaging';
import {
  eventually,
  expectProblem,
  FakeTelnyx,
  newOutboundSms,
  newTextableNeed,
  startFakeTelnyx,
  TestApp,
  TextableNeed,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

describe('SMS dispatch (pg-boss worker, Telnyx provider)', () => {
  let api: TestApp;
  let telnyx: FakeTelnyx;

  beforeAll(async () => {
    telnyx = await startFakeTelnyx();
    api = await startTestApi({
      RUN_WORKERS: 'true',
      SMS_PROVIDER: 'telnyx',
      TELNYX_API_KEY: 'test-telnyx-key',
      TELNYX_API_BASE_URL: telnyx.url,
    });
  });
  afterEach(() => telnyx.reset());
  afterAll(async () => {
    await api.close();
    await telnyx.close();
  });

  const requestsTo = (phone: string | null) =>
    telnyx.requests.filter((request) => request.body.to === phone);

  const interaction = (id: string) =>
    api.dataSource.getRepository(InteractionEntity).findOneByOrFail({ id });

  async function send(fixture: TextableNeed, body = 'Your box is ready'): Promise<string> {
    const response = await api.http
      .post(`/api/needs/${fixture.need.id}/sms`)
      .set(fixture.auth)
      .send({ body });
    expect(response.status).toBe(202);
    return response.body.interactionId;
  }

  const settled = (id: string, status: string, timeoutMs?: number) =>
    eventually(async () => {
      const current = await interaction(id);
      return current.status === status ? current : undefined;
    }, timeoutMs);

  /** A pending interaction without a job, for driving the dispatcher by hand. */
  async function pendingInteraction(fixture: TextableNeed): Promise<SmsDispatchJob> {
    const created = await newOutboundSms(api, fixture, { body: 'By hand', status: 'QUEUED' });
    return { organizationId: fixture.org.id, interactionId: created.id };
  }

  it('sends with the sender name from the organization’s number, and records it', async () => {
    const fixture = await newTextableNeed(api, { org: { smsSenderName: 'Food Bank' } });
    const id = await send(fixture);
    const sent = await settled(id, 'SENT');
    const [request] = requestsTo(fixture.constituent.phone);
    expect(request.headers.authorization).toBe('Bearer test-telnyx-key');
    expect(request.body).toEqual({
      from: fixture.org.phoneNumber,
      to: fixture.constituent.phone,
      text: 'Food Bank: Your box is ready',
    });
    expect(sent).toMatchObject({
      providerMessageId: request.messageId,
      attempts: 1,
      error: null,
      dispatchingSince: null,
    });
    expect(sent.sentAt).toBeInstanceOf(Date);
    const records = await api.dataSource.query(
      `SELECT direction, cli, cld, message_type, status, delivery_status, carrier, cost, currency,
              interaction_id FROM telephony_detail_record WHERE organization_id = $1`,
      [fixture.org.id],
    );
    expect(records).toEqual([
      {
        direction: 'outbound',
        cli: fixture.org.phoneNumber,
        cld: fixture.constituent.phone,
        message_type: 'SMS',
        status: 'accepted',
        delivery_status: 'queued',
        carrier: 'T-MOBILE USA, INC.',
        cost: '0.0040',
        currency: 'USD',
        interaction_id: id,
      },
    ]);
  });

  it('retries a refused send with backoff until the provider takes it', async () => {
    const fixture = await newTextableNeed(api);
    telnyx.failNext(2, 503);
    const id = await send(fixture);
    const sent = await settled(id, 'SENT', 20_000);
    expect(requestsTo(fixture.constituent.phone)).toHaveLength(3);
    expect(sent).toMatchObject({ attempts: 3, error: null });
  }, 30_000);

  it('never sends twice after a crash between the provider’s acceptance and our commit', async () => {
    const fixture = await newTextableNeed(api);
    await api.ownerQuery(`
      CREATE FUNCTION crash_after_send() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated crash'; END $$`);
    await api.ownerQuery(
      `CREATE TRIGGER crash_after_send BEFORE INSERT ON telephony_detail_record FOR EACH ROW
         WHEN (NEW.cld = '${fixture.constituent.phone}') EXECUTE FUNCTION crash_after_send()`,
    );
    try {
      const id = await send(fixture);
      const failed = await settled(id, 'FAILED', 20_000);
      expect(requestsTo(fixture.constituent.phone)).toHaveLength(1);
      expect(failed.error).toMatch(/not sent again/);
      expect(failed.providerMessageId).toBeNull();
    } finally {
      await api.ownerQuery(`DROP TRIGGER crash_after_send ON telephony_detail_record`);
      await api.ownerQuery(`DROP FUNCTION crash_after_send`);
    }
  }, 30_000);

  it('bounds the parallel sends of each organization by its maxConcurrency', async () => {
    const two = await newTextableNeed(api, { org: { maxConcurrency: 2 } });
    const one = await newTextableNeed(api, { org: { maxConcurrency: 1 } });
    telnyx.delayAnswers(150);
    const ids = [
      ...(await Promise.all(Array.from({ length: 6 }, () => send(two)))),
      ...(await Promise.all(Array.from({ length: 3 }, () => send(one)))),
    ];
    for (const id of ids) await settled(id, 'SENT', 20_000);
    expect(telnyx.peakConcurrency(two.org.phoneNumber as string)).toBe(2);
    expect(telnyx.peakConcurrency(one.org.phoneNumber as string)).toBe(1);
  }, 30_000);

  it("sends another organization's SMS at once while one organization's sends hang", async () => {
    const hanging = await newTextableNeed(api, { org: { maxConcurrency: 100 } });
    const other = await newTextableNeed(api);
    telnyx.hangFrom(hanging.org.phoneNumber as string);
    const tenant = api.app.get(TenantContext);
    const outbox = api.app.get(SmsOutbox);
    for (let index = 0; index < 100; index++) {
      const job = await pendingInteraction(hanging);
      await tenant.run(organizationId(job.organizationId), () =>
        tenant.transaction((tx) =>
          outbox.enqueue(tx, job, { startAfter: null, maxConcurrency: 100 }),
        ),
      );
    }
    await eventually(async () => requestsTo(hanging.constituent.phone).length >= 32 || undefined);
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const started = Date.now();
    const id = await send(other);
    await settled(id, 'SENT', 5_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    // The hanging organization holds its share of the worker's 128 places (a quarter), no more.
    expect(requestsTo(hanging.constituent.phone).length).toBe(32);
  }, 30_000);

  it('holds a scheduled message until its time, then sends it', async () => {
    const fixture = await newTextableNeed(api);
    const job = await pendingInteraction(fixture);
    const startAfter = new Date(Date.now() + 1500);
    const tenant = api.app.get(TenantContext);
    await tenant.run(organizationId(job.organizationId), () =>
      tenant.transaction((tx) =>
        api.app.get(SmsOutbox).enqueue(tx, job, { startAfter, maxConcurrency: 1 }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(requestsTo(fixture.constituent.phone)).toHaveLength(0);
    const sent = await settled(job.interactionId, 'SENT');
    expect((sent.sentAt as Date).getTime()).toBeGreaterThanOrEqual(startAfter.getTime());
  });

  it('does not send to a constituent who opted out after the message was queued', async () => {
    const fixture = await newTextableNeed(api);
    const job = await pendingInteraction(fixture);
    await api.dataSource.query(`UPDATE constituent SET sms_opted_out = true WHERE id = $1`, [
      fixture.constituent.id,
    ]);
    await api.app.get(SmsDispatcher).dispatch(job, false);
    expect(requestsTo(fixture.constituent.phone)).toHaveLength(0);
    expect(await interaction(job.interactionId)).toMatchObject({
      status: 'FAILED',
      error: 'The recipient opted out of SMS',
    });
  });

  it('does not send for an organization disabled after the message was queued', async () => {
    const fixture = await newTextableNeed(api);
    const job = await pendingInteraction(fixture);
    await api.dataSource.query(`UPDATE organization SET org_status = 'DISABLED' WHERE id = $1`, [
      fixture.org.id,
    ]);
    await api.app.get(SmsDispatcher).dispatch(job, false);
    expect(requestsTo(fixture.constituent.phone)).toHaveLength(0);
    expect(await interaction(job.interactionId)).toMatchObject({
      status: 'FAILED',
      error: 'The organization is disabled: it sends nothing',
    });
  });

  it('keeps a refused message pending for a retry, and fails it on the last attempt', async () => {
    const fixture = await newTextableNeed(api);
    const job = await pendingInteraction(fixture);
    telnyx.failAlways(500);
    const processor = api.app.get(SmsDispatchProcessor);
    await expect(api.app.get(SmsDispatcher).dispatch(job, false)).rejects.toThrow(SmsDeliveryError);
    expect(await interaction(job.interactionId)).toMatchObject({
      status: 'QUEUED',
      attempts: 1,
      dispatchingSince: null,
      error: expect.stringMatching(/^Telnyx answered 500/),
    });
    await processor.handle({ id: randomUUID(), retryCount: 4, data: job } as Job<SmsDispatchJob>);
    expect(await interaction(job.interactionId)).toMatchObject({
      status: 'FAILED',
      attempts: 2,
      error: expect.stringMatching(/^Telnyx answered 500/),
    });
    expect(requestsTo(fixture.constituent.phone)).toHaveLength(2);
  });

  it('dispatches the jobs of an organization claimed together, settling each on its own', async () => {
    const fixture = await newTextableNeed(api);
    const jobs = [
      await pendingInteraction(fixture),
      await pendingInteraction(fixture),
      await pendingInteraction(fixture),
    ];
    telnyx.failNext(1, 503);
    const outcomes = await Promise.allSettled(
      api.app.get(SmsDispatcher).dispatchAll(jobs.map((job) => ({ job, lastAttempt: false }))),
    );
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(SmsDeliveryError);
    const settled = await Promise.all(jobs.map((job) => interaction(job.interactionId)));
    expect(settled.map((row) => row.status).sort()).toEqual(['QUEUED', 'SENT', 'SENT']);
    expect(settled.every((row) => row.attempts === 1 && row.dispatchingSince === null)).toBe(true);
    expect(requestsTo(fixture.constituent.phone)).toHaveLength(3);
  });

  it('does nothing for a message already settled', async () => {
    const fixture = await newTextableNeed(api);
    const job = await pendingInteraction(fixture);
    const dispatcher = api.app.get(SmsDispatcher);
    await dispatcher.dispatch(job, false);
    await dispatcher.dispatch(job, false);
    expect(requestsTo(fixture.constituent.phone)).toHaveLength(1);
    expect(await interaction(job.interactionId)).toMatchObject({ status: 'SENT', attempts: 1 });
  });

  it('is 400 sms-not-configured when the organization has no number to send from', async () => {
    const fixture = await newTextableNeed(api, { org: { phoneNumber: null } });
    const response = await api.http
      .post(`/api/needs/${fixture.need.id}/sms`)
      .set(fixture.auth)
      .send({ body: 'x' });
    expectProblem(response, 400, 'sms-not-configured');
  });
});
