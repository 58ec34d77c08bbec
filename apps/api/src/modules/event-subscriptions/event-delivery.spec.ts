import { Webhook } from 'standardwebhooks';
import {
  createTestDatabase,
  EventReceiver,
  newNeed,
  newOrgWithAdmin,
  newPartner,
  startEventReceiver,
  TestApp,
} from '@app/testing';
import { startTestApi, startTestApiOn } from '../../../test/test-api';

const PATH = '/api/webhooks/subscriptions';
const WORKER = { RUN_WORKERS: 'true', WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true' };

type Auth = Record<string, string>;

interface DeliveryRow {
  status: string;
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
}

function headersOf(received: { headers: Record<string, unknown> }): Record<string, string> {
  return Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
      name,
      String(received.headers[name]),
    ]),
  );
}

async function subscribe(api: TestApp, auth: Auth, url: string, events = ['need.created']) {
  const created = await api.http.post(PATH).set(auth).send({ url, events });
  expect(created.status).toBe(201);
  return created.body as { id: string; secret: string };
}

async function deliveries(api: TestApp, auth: Auth, subscriptionId: string) {
  return (await api.http.get(`${PATH}/${subscriptionId}/deliveries`).set(auth))
    .body as (DeliveryRow & {
    eventId: string;
  })[];
}

/** Waits until the subscription's only delivery satisfies `done`. */
async function settled(
  api: TestApp,
  auth: Auth,
  subscriptionId: string,
  done: (delivery: DeliveryRow) => boolean,
  timeoutMs = 10_000,
): Promise<DeliveryRow & { eventId: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [delivery] = await deliveries(api, auth, subscriptionId);
    if (delivery && done(delivery)) return delivery;
    if (Date.now() > deadline) throw new Error(`Delivery not settled: ${JSON.stringify(delivery)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('event delivery', () => {
  let api: TestApp;
  let receiver: EventReceiver;

  beforeAll(async () => {
    api = await startTestApi(WORKER);
  });
  beforeEach(async () => {
    receiver = await startEventReceiver();
  });
  afterEach(() => receiver.close());
  afterAll(() => api.close());

  it('POSTs need.created signed as Standard Webhooks describe, with ids and statuses only', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    await newPartner(api, org.id, { isDefault: true });
    const subscription = await subscribe(api, auth, `${receiver.url}/hooks`);
    const intake = await api.http
      .post('/api/needs/public')
      .send({ organizationId: org.id, description: 'Rent help for Jane Doe, 555-0100' });
    expect(intake.status).toBe(201);

    const [received] = await receiver.waitFor(1);
    expect(received.path).toBe('/hooks');
    expect(received.headers['content-type']).toBe('application/json');
    const payload = new Webhook(subscription.secret).verify(received.body, headersOf(received));
    const need = (
      await api.dataSource.query(`SELECT * FROM need WHERE id = $1`, [intake.body.id])
    )[0];
    expect(payload).toEqual({
      type: 'need.created',
      timestamp: expect.stringMatching(/Z$/),
      data: {
        needId: intake.body.id,
        partnerId: need.partner_id,
        status: 'NEW',
        isConfidential: false,
        createdAt: need.created_at.toISOString(),
        organizationId: org.id,
      },
    });
    expect(received.body).not.toMatch(/Jane|555-0100|Rent/);
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
        received.body,
        headersOf(received),
      ),
    ).toThrow();

    const delivery = await settled(api, auth, subscription.id, (d) => d.status === 'DELIVERED');
    expect(delivery).toMatchObject({
      eventId: received.headers['webhook-id'],
      attempts: 1,
      responseStatus: 204,
      lastError: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(receiver.received).toHaveLength(1);
  });

  it('retries a failed delivery within 30 s with the same webhook-id', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    const subscription = await subscribe(api, auth, receiver.url);
    receiver.answerNext({ status: 500 });
    const partner = await newPartner(api, org.id);
    await newNeed(api, org.id, partner.id);

    const failed = await settled(api, auth, subscription.id, (d) => d.attempts === 1);
    expect(failed).toMatchObject({
      status: 'PENDING',
      responseStatus: 500,
      lastError: 'answered 500',
    });
    const [{ wait }] = await api.dataSource.query(
      `SELECT extract(epoch FROM next_attempt_at - now()) AS wait FROM webhook_delivery
        WHERE subscription_id = $1`,
      [subscription.id],
    );
    expect(Number(wait)).toBeGreaterThan(25);
    expect(Number(wait)).toBeLessThanOrEqual(30);

    // The 30 seconds pass.
    await api.dataSource.query(
      `UPDATE webhook_delivery SET next_attempt_at = now() WHERE subscription_id = $1`,
      [subscription.id],
    );
    const [first, second] = await receiver.waitFor(2);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(new Webhook(subscription.secret).verify(second.body, headersOf(second))).toEqual(
      JSON.parse(first.body),
    );
    expect(
      await settled(api, auth, subscription.id, (d) => d.status === 'DELIVERED'),
    ).toMatchObject({ attempts: 2, responseStatus: 204, lastError: null });
  });

  it('sends nothing more for a paused subscription: its pending deliveries end FAILED', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    const subscription = await subscribe(api, auth, receiver.url);
    receiver.answerNext({ status: 500 });
    const partner = await newPartner(api, org.id);
    await newNeed(api, org.id, partner.id);
    await settled(api, auth, subscription.id, (d) => d.attempts === 1);
    await api.http.patch(`${PATH}/${subscription.id}`).set(auth).send({ isActive: false });
    await newNeed(api, org.id, partner.id);
    await api.dataSource.query(
      `UPDATE webhook_delivery SET next_attempt_at = now() WHERE subscription_id = $1`,
      [subscription.id],
    );

    const abandoned = await settled(api, auth, subscription.id, (d) => d.status === 'FAILED');
    expect(abandoned).toMatchObject({ attempts: 1, lastError: 'subscription is inactive' });
    expect(await deliveries(api, auth, subscription.id)).toHaveLength(1);
    expect(receiver.received).toHaveLength(1);
  });

  it('never follows a redirect', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    const subscription = await subscribe(api, auth, `${receiver.url}/hooks`);
    receiver.answerNext({ status: 307, headers: { location: `${receiver.url}/elsewhere` } });
    const partner = await newPartner(api, org.id);
    await newNeed(api, org.id, partner.id);

    const failed = await settled(api, auth, subscription.id, (d) => d.attempts === 1);
    expect(failed).toMatchObject({ status: 'PENDING', responseStatus: 307 });
    expect(failed.lastError).toMatch(/redirects are not followed/);
    expect(receiver.received.map((request) => request.path)).toEqual(['/hooks']);
  });

  it('gives a receiver 10 s to answer, then retries', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    const subscription = await subscribe(api, auth, receiver.url);
    receiver.answerNext({ hang: true });
    const partner = await newPartner(api, org.id);
    await newNeed(api, org.id, partner.id);
    await receiver.waitFor(1);
    const started = Date.now();

    const failed = await settled(api, auth, subscription.id, (d) => d.attempts === 1, 15_000);
    expect(Date.now() - started).toBeGreaterThan(9_000);
    expect(failed).toMatchObject({ status: 'PENDING', responseStatus: null });
    expect(failed.lastError).toMatch(/did not answer within 10 s/);
  }, 30_000);

  it('gives a receiver that keeps sending 10 s in all', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    const subscription = await subscribe(api, auth, receiver.url);
    receiver.answerNext({ trickle: true });
    const partner = await newPartner(api, org.id);
    await newNeed(api, org.id, partner.id);
    await receiver.waitFor(1);

    const failed = await settled(api, auth, subscription.id, (d) => d.attempts === 1, 15_000);
    expect(failed).toMatchObject({ status: 'PENDING', responseStatus: null });
    expect(failed.lastError).toMatch(/did not answer within 10 s/);
  }, 30_000);

  it("delivers an organization's events to its own subscriptions only", async () => {
    const a = await newOrgWithAdmin(api);
    const b = await newOrgWithAdmin(api);
    await subscribe(api, a.auth, `${receiver.url}/a`);
    const ofB = await subscribe(api, b.auth, `${receiver.url}/b`);
    await subscribe(api, b.auth, `${receiver.url}/b-other-kind`, ['need.assigned']);
    const partner = await newPartner(api, b.org.id);
    const need = await newNeed(api, b.org.id, partner.id);

    const [received] = await receiver.waitFor(1);
    await settled(api, b.auth, ofB.id, (d) => d.status === 'DELIVERED');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(receiver.received.map((request) => request.path)).toEqual(['/b']);
    expect(JSON.parse(received.body).data).toMatchObject({
      needId: need.id,
      organizationId: b.org.id,
    });
  });

  describe('with receivers that never answer', () => {
    let hanging: EventReceiver;

    beforeEach(async () => {
      hanging = await startEventReceiver();
      hanging.hangAll();
    });
    afterEach(() => hanging.close());

    it("keeps another organization's deliveries prompt while one organization's receivers hang", async () => {
      const a = await newOrgWithAdmin(api);
      for (let index = 0; index < 25; index++) {
        await subscribe(api, a.auth, `${hanging.url}/a${index}`);
      }
      const partnerOfA = await newPartner(api, a.org.id);
      for (let index = 0; index < 2; index++) await newNeed(api, a.org.id, partnerOfA.id);
      await hanging.waitFor(8);

      const b = await newOrgWithAdmin(api);
      await subscribe(api, b.auth, receiver.url);
      const partnerOfB = await newPartner(api, b.org.id);
      const started = Date.now();
      await newNeed(api, b.org.id, partnerOfB.id);
      await receiver.waitFor(1, 5_000);
      expect(Date.now() - started).toBeLessThan(2_000);
      // A holds its share of the worker's 32 places (a quarter), however many deliveries it has.
      expect(hanging.received.length).toBe(8);
    }, 30_000);

    it('sends at most 4 deliveries of one subscription at a time', async () => {
      const { org, auth } = await newOrgWithAdmin(api);
      await subscribe(api, auth, hanging.url);
      const partner = await newPartner(api, org.id);
      for (let index = 0; index < 6; index++) await newNeed(api, org.id, partner.id);
      await hanging.waitFor(4);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(hanging.received.length).toBe(4);
    });
  });

  it('gives up after 24 hours (FAILED) and sets a subscription failing for 3 days inactive', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    const subscription = await subscribe(api, auth, receiver.url);
    receiver.answerNext({ status: 503 }, { status: 503 });
    const partner = await newPartner(api, org.id);
    await newNeed(api, org.id, partner.id);
    await settled(api, auth, subscription.id, (d) => d.attempts === 1);
    expect((await api.http.get(`${PATH}/${subscription.id}`).set(auth)).body.isActive).toBe(true);
    // A day passes; the subscription has been failing for 3 days.
    await api.dataSource.query(
      `UPDATE webhook_subscription SET failing_since = now() - interval '3 days 1 minute'
        WHERE id = $1`,
      [subscription.id],
    );
    await api.dataSource.query(
      `UPDATE webhook_delivery
          SET created_at = now() - interval '23 hours 59 minutes 45 seconds', next_attempt_at = now()
        WHERE subscription_id = $1`,
      [subscription.id],
    );
    const failed = await settled(api, auth, subscription.id, (d) => d.status !== 'PENDING');
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 2, responseStatus: 503 });
    expect((await api.http.get(`${PATH}/${subscription.id}`).set(auth)).body.isActive).toBe(false);
    await newNeed(api, org.id, partner.id);
    expect(await deliveries(api, auth, subscription.id)).toHaveLength(1);

    const resumed = await api.http
      .patch(`${PATH}/${subscription.id}`)
      .set(auth)
      .send({ isActive: true });
    expect(resumed.body.isActive).toBe(true);
    const [row] = await api.dataSource.query(
      `SELECT failing_since FROM webhook_subscription WHERE id = $1`,
      [subscription.id],
    );
    expect(row.failing_since).toBeNull();
  });
});

describe('event delivery behind the address guard', () => {
  let api: TestApp;
  let receiver: EventReceiver;

  beforeAll(async () => {
    api = await startTestApi({ RUN_WORKERS: 'true' });
    receiver = await startEventReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await api.close();
  });

  it('checks the resolved address at delivery and never connects to a refused one', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    const subscription = await subscribe(api, auth, 'https://203.0.113.10/hooks');
    // The host now points at a loopback address (as a DNS change would make it).
    await api.dataSource.query(`UPDATE webhook_subscription SET url = $2 WHERE id = $1`, [
      subscription.id,
      `${receiver.url.replace('127.0.0.1', 'localhost')}/hooks`,
    ]);
    const partner = await newPartner(api, org.id);
    await newNeed(api, org.id, partner.id);

    const refused = await settled(api, auth, subscription.id, (d) => d.attempts === 1);
    expect(refused).toMatchObject({ status: 'PENDING', responseStatus: null });
    expect(refused.lastError).toMatch(/does not resolve, or resolves to a refused address/);
    expect(receiver.received).toEqual([]);
  });
});

describe('event delivery across a worker restart', () => {
  it('sends the deliveries written while no worker ran once one starts', async () => {
    const database = await createTestDatabase();
    const receiver = await startEventReceiver();
    const api = await startTestApiOn(database, { WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true' });
    const { org, auth } = await newOrgWithAdmin(api);
    const subscription = await subscribe(api, auth, receiver.url);
    const partner = await newPartner(api, org.id);
    await newNeed(api, org.id, partner.id);
    expect((await deliveries(api, auth, subscription.id))[0].status).toBe('PENDING');
    await api.app.close();

    const worker = await startTestApiOn(database, WORKER);
    try {
      const [received] = await receiver.waitFor(1);
      expect(
        new Webhook(subscription.secret).verify(received.body, headersOf(received)),
      ).toMatchObject({
        type: 'need.created',
      });
      await settled(worker, auth, subscription.id, (d) => d.status === 'DELIVERED');
    } finally {
      await receiver.close();
      await worker.close();
    }
  });
});
