import type { NewTelephonyDetailRecord } from '@app/database';
import type { InteractionStatus } from '@app/domain';
import { DomainError } from '@app/http';

const MESSAGE_EVENTS = ['message.received', 'message.sent', 'message.finalized'] as const;
type MessageEventType = (typeof MESSAGE_EVENTS)[number];

/** A Telnyx messaging webhook, reduced to what we record. */
export interface TelnyxMessageEvent {
  eventId: string;
  type: MessageEventType;
  occurredAt: Date;
  messageId: string;
  from: string;
  to: string;
  text: string;
  messageType: string | null;
  /** The recipient's status, e.g. queued, delivered, delivery_failed. */
  deliveryStatus: string | null;
  /** The carrier of the other party (the recipient's, or for inbound the sender's). */
  carrier: string | null;
  cost: string | null;
  currency: string | null;
  carrierFee: string | null;
  rate: string | null;
  sentAt: Date | null;
  errors: string | null;
}

type Json = Record<string, unknown>;

const object = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;
const amount = (value: unknown): string | null =>
  typeof value === 'number' ? String(value) : text(value);
const date = (value: unknown): Date | null => {
  const parsed = typeof value === 'string' ? new Date(value) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : null;
};

function required(value: string | null, field: string): string {
  if (value === null) throw DomainError.invalid(field, `${field} is required`);
  return value;
}

/** The message event of a webhook body; null for other events (answered, not recorded). */
export function parseTelnyxEvent(body: unknown): TelnyxMessageEvent | null {
  const data = object(object(body).data);
  const type = data.event_type as MessageEventType;
  if (!MESSAGE_EVENTS.includes(type)) return null;
  const payload = object(data.payload);
  const from = object(payload.from);
  const to = object(Array.isArray(payload.to) ? payload.to[0] : undefined);
  const cost = object(payload.cost);
  const breakdown = object(payload.cost_breakdown);
  const errors = Array.isArray(payload.errors) ? payload.errors.map(object) : [];
  const inbound = type === 'message.received';
  return {
    eventId: required(text(data.id), 'data.id'),
    type,
    occurredAt: date(data.occurred_at) ?? new Date(),
    messageId: required(text(payload.id), 'data.payload.id'),
    from: required(text(from.phone_number), 'data.payload.from.phone_number'),
    to: required(text(to.phone_number), 'data.payload.to'),
    text: typeof payload.text === 'string' ? payload.text : '',
    messageType: text(payload.type),
    deliveryStatus: text(to.status),
    carrier: text((inbound ? from : to).carrier),
    cost: amount(cost.amount),
    currency: text(cost.currency),
    carrierFee: amount(object(breakdown.carrier_fee).amount),
    rate: amount(object(breakdown.rate).amount),
    sentAt: date(payload.sent_at),
    errors:
      errors
        .map((error) => text(error.detail) ?? text(error.title))
        .filter(Boolean)
        .join('; ') || null,
  };
}

/** Where a delivery report moves the outbound message (monotonically: see mayAdvanceInteraction). */
export function reportedStatus(event: TelnyxMessageEvent): InteractionStatus {
  if (event.type !== 'message.finalized') return 'SENT';
  if (event.deliveryStatus === 'delivered') return 'DELIVERED';
  const failed =
    event.deliveryStatus === 'sending_failed' || event.deliveryStatus === 'delivery_failed';
  return failed ? 'FAILED' : 'SENT';
}

const RECORD_STATUS: Record<MessageEventType, string> = {
  'message.received': 'received',
  'message.sent': 'sent',
  'message.finalized': 'finalized',
};

export function detailRecordOf(
  event: TelnyxMessageEvent,
  interactionId: string | null,
): NewTelephonyDetailRecord {
  return {
    interactionId,
    providerEventId: event.eventId,
    providerMessageId: event.messageId,
    direction: event.type === 'message.received' ? 'inbound' : 'outbound',
    cli: event.from,
    cld: event.to,
    messageType: event.messageType,
    status: RECORD_STATUS[event.type],
    deliveryStatus: event.deliveryStatus,
    carrier: event.carrier,
    carrierFee: event.carrierFee,
    rate: event.rate,
    cost: event.cost ?? '0',
    currency: event.currency,
    createdAt: event.occurredAt,
    sentAt: event.sentAt,
  };
}
