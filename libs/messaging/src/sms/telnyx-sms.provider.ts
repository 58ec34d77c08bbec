import { assertNoOpenTransaction } from '@app/database';
import {
  OutgoingSms,
  SmsAcceptance,
  SmsDeliveryError,
  SmsProvider,
  SmsSenderSource,
} from './sms-provider';

const TIMEOUT_MS = 15_000;
const MAX_REASON_LENGTH = 500;
/** Failures that happen before the request leaves: Telnyx cannot have received it. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);

interface TelnyxMessageAnswer {
  data?: {
    id?: string;
    to?: { status?: string; carrier?: string }[];
    cost?: { amount?: string | number | null; currency?: string } | null;
  };
  errors?: { title?: string; detail?: string }[];
}

function parse(text: string): TelnyxMessageAnswer {
  try {
    return JSON.parse(text) as TelnyxMessageAnswer;
  } catch {
    return {};
  }
}

function unreachable(error: unknown): SmsDeliveryError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const definite = cause?.code !== undefined && NOT_SENT_CODES.has(cause.code);
  const detail = cause?.message ?? (error as Error).message;
  return new SmsDeliveryError(`Telnyx could not be reached: ${detail}`, definite);
}

/**
 * Telnyx Messaging API v2: POST /v2/messages { from, to, text }, answered with `data.id`. Delivery
 * events go to the messaging profile's webhook (POST /api/webhooks/telnyx). Telnyx takes no
 * idempotency key and finds messages only by its own id (GET /v2/messages/{id}), which is exactly
 * what is lost when the answer is: so the dispatcher guarantees at most one send itself, recording
 * each attempt before the call and never repeating one whose outcome it did not learn (SmsDispatcher).
 */
export class TelnyxSmsProvider extends SmsProvider {
  constructor(
    private readonly apiKey: string,
    private readonly baseUrl: string,
  ) {
    super();
  }

  senderFor(organization: SmsSenderSource): string | null {
    return organization.phoneNumber;
  }

  async send(message: OutgoingSms): Promise<SmsAcceptance> {
    assertNoOpenTransaction('Telnyx send');
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/v2/messages`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ from: message.from, to: message.to, text: message.text }),
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw unreachable(error);
    }
    const answer = parse(await response.text().catch(() => ''));
    const id = answer.data?.id;
    if (!response.ok || !id) {
      const reason = answer.errors?.[0]?.detail ?? answer.errors?.[0]?.title ?? 'no message';
      throw new SmsDeliveryError(
        `Telnyx answered ${response.status}: ${reason}`.slice(0, MAX_REASON_LENGTH),
        true,
      );
    }
    const amount = answer.data?.cost?.amount;
    return {
      messageId: id,
      status: answer.data?.to?.[0]?.status ?? 'queued',
      carrier: answer.data?.to?.[0]?.carrier ?? null,
      cost: amount === undefined || amount === null ? null : String(amount),
      currency: answer.data?.cost?.currency ?? null,
    };
  }
}
