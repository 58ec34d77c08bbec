import { generateKeyPairSync, KeyObject, randomUUID, sign } from 'node:crypto';

/** A key pair like Telnyx's: pass `publicKey` as TELNYX_PUBLIC_KEY (base64 of the raw 32 bytes). */
export function telnyxTestKeys(): { privateKey: KeyObject; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url');
  return { privateKey, publicKey: raw.toString('base64') };
}

/** The headers Telnyx sends: an ed25519 signature of `${timestamp}|${body}`. */
export function telnyxSignatureHeaders(
  privateKey: KeyObject,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const signature = sign(null, Buffer.from(`${timestamp}|${body}`), privateKey);
  return {
    'content-type': 'application/json',
    'telnyx-timestamp': String(timestamp),
    'telnyx-signature-ed25519': signature.toString('base64'),
  };
}

export interface TelnyxEventInput {
  eventType: 'message.received' | 'message.sent' | 'message.finalized';
  messageId?: string;
  from: string;
  to: string;
  text?: string;
  /** The recipient's delivery status, e.g. delivered or delivery_failed. */
  status?: string;
  eventId?: string;
  occurredAt?: string;
  errors?: { code: string; title: string; detail?: string }[];
}

/** A webhook body in Telnyx's shape (data.event_type, data.payload). */
export function telnyxEvent(input: TelnyxEventInput): string {
  const occurredAt = input.occurredAt ?? new Date().toISOString();
  const inbound = input.eventType === 'message.received';
  return JSON.stringify({
    data: {
      record_type: 'event',
      id: input.eventId ?? randomUUID(),
      event_type: input.eventType,
      occurred_at: occurredAt,
      payload: {
        record_type: 'message',
        id: input.messageId ?? randomUUID(),
        direction: inbound ? 'inbound' : 'outbound',
        type: 'SMS',
        from: { phone_number: input.from, carrier: 'T-MOBILE USA, INC.', line_type: 'Wireless' },
        to: [
          {
            phone_number: input.to,
            status: input.status ?? (inbound ? 'webhook_delivered' : 'sent'),
            carrier: 'TELNYX LLC',
            line_type: 'VoIP',
          },
        ],
        text: input.text ?? '',
        cost: { amount: '0.0040', currency: 'USD' },
        cost_breakdown: {
          carrier_fee: { amount: '0.0025', currency: 'USD' },
          rate: { amount: '0.0015', currency: 'USD' },
        },
        sent_at: inbound ? null : occurredAt,
        errors: input.errors ?? [],
      },
    },
    meta: { attempt: 1, delivered_to: 'https://example.org/api/webhooks/telnyx' },
  });
}
