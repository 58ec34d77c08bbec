import { randomUUID } from 'node:crypto';
import { InteractionEntity } from '@app/database';
import {
  eventually,
  expectProblem,
  newConstituent,
  newNeed,
  newOutboundSms,
  newTextableNeed,
  telnyxEvent,
  TelnyxEventInput,
  telnyxSignatureHeaders,
  telnyxTestKeys,
  TestApp,
  TextableNeed,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

describe('POST /api/webhooks/telnyx', () => {
  const keys = telnyxTestKeys();
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ TELNYX_PUBLIC_KEY: keys.publicKey, RUN_WORKERS: 'true' });
  });
  afterAll(() => api.close());

  const post = (body: string, headers = telnyxSignatureHeaders(keys.privateKey, body)) =>
    api.http.post('/api/webhooks/telnyx').set(headers).send(body);

  const deliver = async (input: TelnyxEventInput) => {
    const body = telnyxEvent(input);
    expect((await post(body)).status).toBe(200);
    return body;
  };

  const recordsOf = (organizationId: string) =>
    api.dataSource.query(
      `SELECT direction, cli, cld, status, delivery_status, carrier_fee, rate, cost, currency,
              interaction_id FROM telephony_detail_record WHERE organization_id = $1
        ORDER BY created_at, id`,
      [organizationId],
    );

  const interactionsOf = (organizationId: string) =>
    api.dataSource.getRepository(InteractionEntity).find({
      where: { organizationId },
      order: { createdAt: 'ASC' },
    });

  describe('signature', () => {
    const body = telnyxEvent({
      eventType: 'message.sent',
      from: '+13125550000',
      to: '+12025550000',
    });

    it('accepts a body signed with the configured key', async () => {
      expect((await post(body)).status).toBe(200);
    });

    it.each([
      ['without the headers', { 'content-type': 'application/json' }],
      ['signed with another key', telnyxSignatureHeaders(telnyxTestKeys().privateKey, body)],
      [
        'signed over another body',
        telnyxSignatureHeaders(keys.privateKey, body.replace('message.sent', 'message.finalized')),
      ],
      [
        'older than 5 minutes',
        telnyxSignatureHeaders(keys.privateKey, body, Math.floor(Date.now() / 1000) - 301),
      ],
      [
        'dated in the future',
        telnyxSignatureHeaders(keys.privateKey, body, Math.floor(Date.now() / 1000) + 400),
      ],
      [
        'with a garbled signature',
        { ...telnyxSignatureHeaders(keys.privateKey, body), 'telnyx-signature-ed25519': 'abc' },
      ],
    ])('refuses a request %s with 401', async (_label, headers) => {
      expectProblem(await post(body, headers), 401);
    });
  });

  describe('delivery reports', () => {
    async function sentMessage(): Promise<{
      fixture: TextableNeed;
      interaction: InteractionEntity;
    }> {
      const fixture = await newTextableNeed(api);
      const interaction = await newOutboundSms(api, fixture, {
        body: 'Hello',
        status: 'SENT',
        providerMessageId: randomUUID(),
      });
      return { fixture, interaction };
    }

    const report = (
      { fixture, interaction }: Awaited<ReturnType<typeof sentMessage>>,
      eventType: 'message.sent' | 'message.finalized',
      extra: Partial<TelnyxEventInput> = {},
    ): TelnyxEventInput => ({
      eventType,
      messageId: interaction.providerMessageId as string,
      from: fixture.org.phoneNumber as string,
      to: fixture.constituent.phone as string,
      ...extra,
    });

    const statusOf = async (id: string) =>
      (await api.dataSource.getRepository(InteractionEntity).findOneByOrFail({ id })).status;

    it('moves the message to DELIVERED and records each report', async () => {
      const sent = await sentMessage();
      await deliver(report(sent, 'message.sent'));
      await deliver(report(sent, 'message.finalized', { status: 'delivered' }));
      expect(await statusOf(sent.interaction.id)).toBe('DELIVERED');
      expect(await recordsOf(sent.fixture.org.id)).toEqual([
        {
          direction: 'outbound',
          cli: sent.fixture.org.phoneNumber,
          cld: sent.fixture.constituent.phone,
          status: 'sent',
          delivery_status: 'sent',
          carrier_fee: '0.0025',
          rate: '0.0015',
          cost: '0.0040',
          currency: 'USD',
          interaction_id: sent.interaction.id,
        },
        expect.objectContaining({ status: 'finalized', delivery_status: 'delivered' }),
      ]);
    });

    it('is harmless when a report is delivered twice or late', async () => {
      const sent = await sentMessage();
      const finalized = report(sent, 'message.finalized', {
        status: 'delivered',
        eventId: randomUUID(),
      });
      await deliver(finalized);
      await deliver(finalized);
      await deliver(report(sent, 'message.sent'));
      expect(await statusOf(sent.interaction.id)).toBe('DELIVERED');
      const records = await recordsOf(sent.fixture.org.id);
      expect(records.map((record: { status: string }) => record.status)).toEqual([
        'finalized',
        'sent',
      ]);
    });

    it('marks a failed delivery FAILED with the carrier’s reason', async () => {
      const sent = await sentMessage();
      await deliver(
        report(sent, 'message.finalized', {
          status: 'delivery_failed',
          errors: [{ code: '40300', title: 'Blocked as spam', detail: 'Blocked by the carrier' }],
        }),
      );
      expect(
        await api.dataSource.getRepository(InteractionEntity).findOneByOrFail({
          id: sent.interaction.id,
        }),
      ).toMatchObject({ status: 'FAILED', error: 'Blocked by the carrier' });
    });

    it('records a report of an unknown message without an interaction', async () => {
      const sent = await sentMessage();
      await deliver({ ...report(sent, 'message.sent'), messageId: randomUUID() });
      expect(await recordsOf(sent.fixture.org.id)).toEqual([
        expect.objectContaining({ status: 'sent', interaction_id: null }),
      ]);
      expect(await statusOf(sent.interaction.id)).toBe('SENT');
    });

    it('ignores reports for numbers of no organization and events other than messages', async () => {
      await deliver({ eventType: 'message.sent', from: '+13125559876', to: '+12025550000' });
      const call = JSON.stringify({ data: { id: randomUUID(), event_type: 'call.initiated' } });
      expect((await post(call)).status).toBe(200);
    });

    it('is 400 for a message event without a message id', async () => {
      const body = JSON.stringify({
        data: { id: randomUUID(), event_type: 'message.sent', payload: { to: [] } },
      });
      expectProblem(await post(body), 400, 'validation-error');
    });
  });

  describe('inbound messages', () => {
    const inbound = (fixture: TextableNeed, text: string, extra: Partial<TelnyxEventInput> = {}) =>
      deliver({
        eventType: 'message.received',
        from: fixture.constituent.phone as string,
        to: fixture.org.phoneNumber as string,
        text,
        ...extra,
      });

    const optedOut = async (id: string) =>
      (await api.dataSource.query(`SELECT sms_opted_out FROM constituent WHERE id = $1`, [id]))[0]
        .sms_opted_out;

    const replies = async (organizationId: string) =>
      (await interactionsOf(organizationId)).filter((item) => item.direction === 'OUTBOUND');

    it('files the message on the constituent’s newest open need, once', async () => {
      const fixture = await newTextableNeed(api);
      const { org, partner, constituent } = fixture;
      const newestOpen = await newNeed(api, org.id, partner.id, {
        constituentId: constituent.id,
        status: 'IN_PROGRESS',
      });
      await newNeed(api, org.id, partner.id, {
        constituentId: constituent.id,
        status: 'CANCELLED',
        reason: 'other',
      });
      const messageId = randomUUID();
      const eventId = randomUUID();
      await inbound(fixture, 'Is my box ready?', { messageId, eventId });
      await inbound(fixture, 'Is my box ready?', { messageId, eventId });
      const [received] = await interactionsOf(org.id);
      expect(await interactionsOf(org.id)).toHaveLength(1);
      expect(received).toMatchObject({
        needId: newestOpen.id,
        constituentId: constituent.id,
        channel: 'SMS',
        direction: 'INBOUND',
        body: 'Is my box ready?',
        status: 'DELIVERED',
        providerMessageId: messageId,
      });
      expect(await recordsOf(org.id)).toEqual([
        expect.objectContaining({
          direction: 'inbound',
          cli: constituent.phone,
          cld: org.phoneNumber,
          status: 'received',
          interaction_id: received.id,
        }),
      ]);
    });

    it('keeps a message from a constituent without an open need on the constituent only', async () => {
      const fixture = await newTextableNeed(api);
      await api.dataSource.query(`UPDATE need SET status = 'CANCELLED' WHERE id = $1`, [
        fixture.need.id,
      ]);
      await inbound(fixture, 'Hello?');
      expect(await interactionsOf(fixture.org.id)).toEqual([
        expect.objectContaining({ needId: null, constituentId: fixture.constituent.id }),
      ]);
    });

    it('records a message from an unknown sender as a detail record only', async () => {
      const fixture = await newTextableNeed(api);
      await inbound(fixture, 'Who is this?', { from: '+12025550001' });
      expect(await interactionsOf(fixture.org.id)).toEqual([]);
      expect(await recordsOf(fixture.org.id)).toEqual([
        expect.objectContaining({ direction: 'inbound', interaction_id: null }),
      ]);
    });

    it('STOP opts every constituent with the phone out and confirms once, despite the opt-out', async () => {
      const fixture = await newTextableNeed(api, { org: { name: 'Food Bank' } });
      const sameHousehold = await newConstituent(api, fixture.org.id, {
        phone: fixture.constituent.phone,
        householdId: fixture.constituent.householdId,
      });
      const stop = { messageId: randomUUID(), eventId: randomUUID() };
      await inbound(fixture, ' stop ', stop);
      await inbound(fixture, ' stop ', stop);
      expect(await optedOut(fixture.constituent.id)).toBe(true);
      expect(await optedOut(sameHousehold.id)).toBe(true);
      const [confirmation] = await replies(fixture.org.id);
      expect(await replies(fixture.org.id)).toHaveLength(1);
      expect(confirmation.body).toMatch(/^Food Bank: You are unsubscribed/);
      expect(confirmation.createdBy).toBeNull();
      await eventually(async () =>
        (
          await api.dataSource.getRepository(InteractionEntity).findOneByOrFail({
            id: confirmation.id,
          })
        ).status === 'SENT'
          ? true
          : undefined,
      );
      const sms = await api.http
        .post(`/api/needs/${fixture.need.id}/sms`)
        .set(fixture.auth)
        .send({ body: 'Still there?' });
      expectProblem(sms, 409, 'recipient-opted-out');
    });

    it('START opts back in and confirms', async () => {
      const fixture = await newTextableNeed(api);
      await inbound(fixture, 'STOPALL');
      await inbound(fixture, 'Unstop');
      expect(await optedOut(fixture.constituent.id)).toBe(false);
      const bodies = (await replies(fixture.org.id)).map((reply) => reply.body);
      expect(bodies).toEqual([
        expect.stringContaining('You are unsubscribed'),
        expect.stringContaining('You are subscribed again'),
      ]);
      const sms = await api.http
        .post(`/api/needs/${fixture.need.id}/sms`)
        .set(fixture.auth)
        .send({ body: 'Welcome back' });
      expect(sms.status).toBe(202);
    });

    it('HELP answers once with the support contacts and changes nothing else', async () => {
      const fixture = await newTextableNeed(api, {
        org: { supportEmail: 'help@foodbank.example.org', supportPhone: '+12025550111' },
      });
      const help = { messageId: randomUUID(), eventId: randomUUID() };
      await inbound(fixture, 'help', help);
      await inbound(fixture, 'help', help);
      const answers = await replies(fixture.org.id);
      expect(answers).toHaveLength(1);
      expect(answers[0].body).toContain('help@foodbank.example.org or +12025550111');
      expect(await optedOut(fixture.constituent.id)).toBe(false);
    });

    it('does not treat a keyword inside a sentence as one', async () => {
      const fixture = await newTextableNeed(api);
      await inbound(fixture, 'please do not stop helping me');
      expect(await optedOut(fixture.constituent.id)).toBe(false);
      expect(await replies(fixture.org.id)).toEqual([]);
    });
  });
});
