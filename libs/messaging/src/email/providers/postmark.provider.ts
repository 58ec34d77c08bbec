import { assertNoOpenTransaction } from '@app/database';
import type { AddressGuard } from '../address-guard';
import { EmailProvider, formatAddress, OutgoingEmail } from '../email-provider';
import { guardedPost, isAccepted, parseJson, providerFailure } from '../guarded-http';

interface PostmarkAnswer {
  MessageID?: string;
  ErrorCode?: number;
  Message?: string;
}

/** Postmark single email API: 200 with `{ MessageID, ErrorCode: 0 }`; errors carry ErrorCode and Message. */
export class PostmarkProvider implements EmailProvider {
  constructor(
    private readonly serverToken: string,
    private readonly baseUrl: string,
    private readonly guard: AddressGuard,
  ) {}

  async send(message: OutgoingEmail): Promise<{ messageId: string }> {
    assertNoOpenTransaction('Postmark send');
    const answer = await guardedPost(
      this.guard,
      `${this.baseUrl}/email`,
      {
        accept: 'application/json',
        'content-type': 'application/json',
        'x-postmark-server-token': this.serverToken,
      },
      JSON.stringify({
        From: formatAddress(message.from),
        To: message.to,
        Subject: message.subject,
        TextBody: message.text,
        HtmlBody: message.html,
        MessageStream: 'outbound',
      }),
    );
    const parsed = parseJson(answer.body) as PostmarkAnswer | undefined;
    if (!isAccepted(answer) || parsed?.ErrorCode) {
      const reason = parsed?.Message && `${parsed.Message} (ErrorCode ${parsed.ErrorCode})`;
      throw providerFailure('Postmark', answer, reason);
    }
    return { messageId: parsed?.MessageID ?? '' };
  }
}
