import { isIP } from 'node:net';
import { createTransport } from 'nodemailer';
import { assertNoOpenTransaction } from '@app/database';
import type { AddressGuard } from '../address-guard';
import { EmailDeliveryError, EmailProvider, OutgoingEmail } from '../email-provider';
import { parseSmtpUrl } from '../smtp-url';

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

type SmtpError = Error & { code?: string; responseCode?: number };

/** The server's own answer is told (it says what to fix); a connection's errors are not. */
function failure(error: SmtpError, host: string): string {
  if (error.responseCode) return error.message;
  if (error.code === 'ETIMEDOUT') return `${host} did not answer in time`;
  if (error.code === 'ETLS') return `the TLS handshake with ${host} failed`;
  return `${host} could not be reached`;
}

/**
 * SMTP through nodemailer. Nodemailer resolves host names itself, with no hook, so the guard
 * resolves the host and nodemailer connects to that checked address; `servername` keeps TLS
 * verifying the certificate against the host name.
 */
export class SmtpProvider implements EmailProvider {
  constructor(
    private readonly connectionUrl: string,
    private readonly guard: AddressGuard,
  ) {}

  async send(message: OutgoingEmail): Promise<{ messageId: string }> {
    assertNoOpenTransaction('SMTP send');
    const smtp = parseSmtpUrl(this.connectionUrl);
    if (!smtp) throw new EmailDeliveryError('The SMTP connection URL is not valid');
    const { address } = await this.guard.resolve(smtp.host);
    const transport = createTransport({
      host: address,
      port: smtp.port,
      secure: smtp.secure,
      servername: isIP(smtp.host) ? undefined : smtp.host,
      auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
      ...TIMEOUTS,
    });
    try {
      const info = await transport.sendMail({
        from: message.from.name
          ? { name: message.from.name, address: message.from.email }
          : message.from.email,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      return { messageId: info.messageId };
    } catch (error) {
      throw new EmailDeliveryError(
        `SMTP delivery failed: ${failure(error as SmtpError, smtp.host)}`,
      );
    } finally {
      transport.close();
    }
  }
}
