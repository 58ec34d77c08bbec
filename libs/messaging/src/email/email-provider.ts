export interface EmailAddress {
  email: string;
  name?: string | null;
}

export interface OutgoingEmail {
  from: EmailAddress;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** One transactional email service (SMTP or a hosted HTTP API). */
export interface EmailProvider {
  send(message: OutgoingEmail): Promise<{ messageId: string }>;
}

/** The provider refused the message or could not be reached; `reason` never contains the key. */
export class EmailDeliveryError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'EmailDeliveryError';
  }
}

/** `"Name" <email>`, or the bare address without a name. */
export function formatAddress({ email, name }: EmailAddress): string {
  return name ? `"${name.replace(/["\\]/g, '\\$&').replace(/[\r\n]+/g, ' ')}" <${email}>` : email;
}
