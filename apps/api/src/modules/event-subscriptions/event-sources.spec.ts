import { randomUUID } from 'node:crypto';
import { EVENT_TYPES } from '@app/database';
import {
  newOutboundSms,
  newTextableNeed,
  TelnyxEventInput,
  telnyxEvent,
  telnyxSignatureHeaders,
  telnyxTestKeys,
  TestApp,
  TextableNeed,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

/** Events emitted by the real paths of messaging: sends, provider delivery reports, STOP and START. */
describe('events from messaging and provider webhooks', () => {
  const keys = telnyxTestKeys();
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ TELNYX_PUBLIC_KEY: keys.publicKey });
  });
  afterAll(() => api.close());

  async function subscribed(): Promise<TextableNeed> {
    const fixture = await newTextableNeed(api);
    const created = await api.http
      .post('/api/webhooks/subscriptions')
      .set(fixture.auth)
      .send({ url: 'https://203.0.113.10/hooks', events: EVENT_TYPES });
    expect(created.status).toBe(201);
    return fixture;
  }

  const telnyx = async (input: TelnyxEventInput) => {
    const body = telnyxEvent(input);
    const response = await api.http
      .post('/api/webhooks/telnyx')
      .set(telnyxSignatureHeaders(keys.privateKey, body))
      .send(body);
    expect(response.status).toBe(200);
  };

  const eventsOf = async (organizationId: string, type: string) =>
    (
      await api.dataSource.query(
        `SELECT data FROM webhook_event WHERE organization_id = $1 AND type = $2
          ORDER BY created_at`,
        [organizationId, type],
      )
    ).map((row: { data: Record<string, unknown> }) => row.data);

  it('interaction.created when staff send an SMS', async () => {
    const fixture = await subscribed();
    const sent = await api.http
      .post(`/api/needs/${fixture.need.id}/sms`)
      .set(fixture.auth)
      .send({ body: 'Your box is ready' });
    expect(sent.status).toBe(202);
    expect(await eventsOf(fixture.org.id, 'interaction.created')).toEqual([
      {
        interactionId: sent.body.interactionId,
        needId: fixture.need.id,
        channel: 'SMS',
        direction: 'OUTBOUND',
        status: sent.body.status,
        organizationId: fixture.org.id,
      },
    ]);
  });

  it('interaction.status_changed once for a delivery report, even when Telnyx repeats it', async () => {
    const fixture = await subscribed();
    const interaction = await newOutboundSms(api, fixture, {
      body: 'Hello',
      status: 'SENT',
      providerMessageId: randomUUID(),
    });
    const report: TelnyxEventInput = {
      eventType: 'message.finalized',
      messageId: interaction.providerMessageId as string,
      from: fixture.org.phoneNumber as string,
      to: fixture.constituent.phone as string,
      status: 'delivered',
    };
    await telnyx(report);
    await telnyx(report);
    expect(await eventsOf(fixture.org.id, 'interaction.status_changed')).toEqual([
      {
        interactionId: interaction.id,
        needId: fixture.need.id,
        channel: 'SMS',
        previousStatus: 'SENT',
        status: 'DELIVERED',
        organizationId: fixture.org.id,
      },
    ]);
  });

  it('constituent.opted_out on STOP and opted_in on START, once each', async () => {
    const fixture = await subscribed();
    const inbound = (text: string) =>
      telnyx({
        eventType: 'message.received',
        from: fixture.constituent.phone as string,
        to: fixture.org.phoneNumber as string,
        text,
      });
    await inbound('STOP');
    await inbound('STOP');
    await inbound('START');
    const person = { constituentId: fixture.constituent.id, organizationId: fixture.org.id };
    expect(await eventsOf(fixture.org.id, 'constituent.opted_out')).toEqual([person]);
    expect(await eventsOf(fixture.org.id, 'constituent.opted_in')).toEqual([person]);
    const created = await eventsOf(fixture.org.id, 'interaction.created');
    expect(
      created.filter((data: { direction: string }) => data.direction === 'INBOUND'),
    ).toHaveLength(3);
  });
});
