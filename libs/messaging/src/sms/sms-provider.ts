export interface OutgoingSms {
  /** E.164 number or alphanumeric sender id. */
  from: string;
  /** E.164 number. */
  to: string;
  text: string;
}

/** What the provider said when it took the message. */
export interface SmsAcceptance {
  messageId: string;
  /** The provider's status for the message, e.g. `queued`. */
  status: string;
  carrier: string | null;
  cost: string | null;
  currency: string | null;
}

/** The organization fields a provider picks the sending address from. */
export interface SmsSenderSource {
  name: string;
  phoneNumber: string | null;
  smsSenderName: string | null;
}

/**
 * The provider did not take the message. `definite` is true when it certainly did not (it answered
 * with an error, or could not be reached), so a retry cannot send twice; false when the request may
 * have arrived (a timeout or a dropped connection after sending).
 */
export class SmsDeliveryError extends Error {
  constructor(
    readonly reason: string,
    readonly definite: boolean,
  ) {
    super(reason);
    this.name = 'SmsDeliveryError';
  }
}

/** One SMS service; also the injection token for the configured one (SMS_PROVIDER). */
export abstract class SmsProvider {
  /** The address to send from, or null when the organization cannot send with this provider. */
  abstract senderFor(organization: SmsSenderSource): string | null;

  /** Throws SmsDeliveryError when the message was not taken. */
  abstract send(message: OutgoingSms): Promise<SmsAcceptance>;
}
