import { telnyxEvent } from '@app/testing';
import { parseTelnyxEvent, reportedStatus } from './telnyx-event';

const parse = (body: string) => parseTelnyxEvent(JSON.parse(body));
const base = { from: '+13125550100', to: '+12025550100' };

describe('parseTelnyxEvent', () => {
  it('reads a delivery report', () => {
    const event = parse(
      telnyxEvent({
        ...base,
        eventType: 'message.finalized',
        messageId: 'm-1',
        eventId: 'e-1',
        status: 'delivered',
        occurredAt: '2025-05-01T10:00:00.000Z',
      }),
    );
    expect(event).toMatchObject({
      eventId: 'e-1',
      type: 'message.finalized',
      messageId: 'm-1',
      from: base.from,
      to: base.to,
      deliveryStatus: 'delivered',
      carrier: 'TELNYX LLC',
      cost: '0.0040',
      occurredAt: new Date('2025-05-01T10:00:00.000Z'),
      errors: null,
    });
  });

  it('takes the sender’s carrier for an inbound message, and numeric amounts as text', () => {
    const body = JSON.parse(telnyxEvent({ ...base, eventType: 'message.received', text: 'Hi' }));
    body.data.payload.cost.amount = 0.004;
    expect(parseTelnyxEvent(body)).toMatchObject({
      carrier: 'T-MOBILE USA, INC.',
      cost: '0.004',
      text: 'Hi',
      sentAt: null,
    });
  });

  it.each([null, 'text', {}, { data: { event_type: 'call.hangup' } }])(
    'is null for anything but a message event (%j)',
    (body) => {
      expect(parseTelnyxEvent(body)).toBeNull();
    },
  );
});

describe('reportedStatus', () => {
  const report = (eventType: 'message.sent' | 'message.finalized', status: string) =>
    reportedStatus(parse(telnyxEvent({ ...base, eventType, status }))!);

  it.each([
    ['message.sent', 'sent', 'SENT'],
    ['message.finalized', 'delivered', 'DELIVERED'],
    ['message.finalized', 'sending_failed', 'FAILED'],
    ['message.finalized', 'delivery_failed', 'FAILED'],
    ['message.finalized', 'delivery_unconfirmed', 'SENT'],
  ] as const)('%s with %s moves the message to %s', (eventType, status, expected) => {
    expect(report(eventType, status)).toBe(expected);
  });
});
