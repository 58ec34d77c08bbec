import { assertNoOpenTransaction } from '@app/database';
import type { AddressGuard } from '../address-guard';
import type { EmailProvider, OutgoingEmail } from '../email-provider';
import { guardedPost, isAccepted, parseJson, providerFailure } from '../guarded-http';

interface SendGridErrors {
  errors?: { message?: string }[];
}

/** SendGrid v3 Mail Send: 202 Accepted with the id in X-Message-Id. */
export class SendGridProvider implements EmailProvider {
  constructor(
    private readonly apiKey: string,
    private readonly baseUrl: string,
    private readonly guard: AddressGuard,
  ) {}

  async send(message: OutgoingEmail): Promise<{ messageId: string }> {
    assertNoOpenTransaction('SendGrid send');
    const content = [{ type: 'text/plain', value: message.text }];
    if (message.html) content.push({ type: 'text/html', value: message.html });
    const answer = await guardedPost(
      this.guard,
      `${this.baseUrl}/v3/mail/send`,
      { authorization: `Bearer ${this.apiKey}`, 'content-type': 'application/json' },
      JSON.stringify({
        personalizations: [{ to: [{ email: message.to }] }],
        from: { email: message.from.email, name: message.from.name ?? undefined },
        subject: message.subject,
        content,
      }),
    );
    if (!isAccepted(answer)) {
      const errors = (parseJson(answer.body) as SendGridErrors | undefined)?.errors ?? [];
      throw providerFailure('SendGrid', answer, errors.map((error) => error.message).join('; '));
    }
    return { messageId: String(answer.headers['x-message-id'] ?? '') };
  }
}
