import { assertNoOpenTransaction } from '@app/database';
import type { AddressGuard } from '../address-guard';
import { EmailProvider, formatAddress, OutgoingEmail } from '../email-provider';
import { guardedPost, isAccepted, parseJson, providerFailure } from '../guarded-http';

interface MailgunAnswer {
  id?: string;
  message?: string;
}

/** Mailgun Messages API: a form post to /v3/{domain}/messages, answered with `{ id, message }`. */
export class MailgunProvider implements EmailProvider {
  constructor(
    private readonly apiKey: string,
    private readonly domain: string,
    private readonly baseUrl: string,
    private readonly guard: AddressGuard,
  ) {}

  async send(message: OutgoingEmail): Promise<{ messageId: string }> {
    assertNoOpenTransaction('Mailgun send');
    const form = new URLSearchParams({
      from: formatAddress(message.from),
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
    if (message.html) form.set('html', message.html);
    const answer = await guardedPost(
      this.guard,
      `${this.baseUrl}/v3/${encodeURIComponent(this.domain)}/messages`,
      {
        authorization: `Basic ${Buffer.from(`api:${this.apiKey}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      form.toString(),
    );
    const parsed = parseJson(answer.body) as MailgunAnswer | undefined;
    if (!isAccepted(answer)) throw providerFailure('Mailgun', answer, parsed?.message);
    return { messageId: parsed?.id ?? '' };
  }
}
