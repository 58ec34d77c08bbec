import { TelnyxClient } from '../telnyx/telnyx-client';
import { TelnyxError } from '../telnyx/telnyx-error';
import type { TelnyxMessage } from '../telnyx/telnyx-types';
import {
  OutgoingSms,
  SmsAcceptance,
  SmsDeliveryError,
  SmsProvider,
  SmsSenderSource,
} from './sms-provider';

const MAX_REASON_LENGTH = 500;

/**
 * Telnyx Messaging API v2: POST /v2/messages { from, to, text }, answered with `data.id`. Delivery
 * events go to the messaging profile's webhook (POST /api/webhooks/telnyx). Telnyx takes no
 * idempotency key and finds messages only by its own id (GET /v2/messages/{id}), which is exactly
 * what is lost when the answer is: so the dispatcher guarantees at most one send itself, recording
 * each attempt before the call and never repeating one whose outcome it did not learn (SmsDispatcher).
 */
export class TelnyxSmsProvider extends SmsProvider {
  constructor(private readonly telnyx: TelnyxClient) {
    super();
  }

  senderFor(organization: SmsSenderSource): string | null {
    return organization.phoneNumber;
  }

  async send(message: OutgoingSms): Promise<SmsAcceptance> {
    let sent: TelnyxMessage;
    try {
      sent = await this.telnyx.sendMessage(message);
    } catch (error) {
      if (!(error instanceof TelnyxError)) throw error;
      throw new SmsDeliveryError(
        error.message.slice(0, MAX_REASON_LENGTH),
        error.failure !== 'unknown',
      );
    }
    if (!sent?.id) throw new SmsDeliveryError('Telnyx answered without a message id', true);
    const amount = sent.cost?.amount;
    return {
      messageId: sent.id,
      status: sent.to?.[0]?.status ?? 'queued',
      carrier: sent.to?.[0]?.carrier ?? null,
      cost: amount === undefined || amount === null ? null : String(amount),
      currency: sent.cost?.currency ?? null,
    };
  }
}
