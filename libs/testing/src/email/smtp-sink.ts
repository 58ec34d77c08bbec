import type { AddressInfo } from 'node:net';
import { SMTPServer, SMTPServerSession } from 'smtp-server';

export const SMTP_SINK_USER = 'sink-user';
export const SMTP_SINK_PASSWORD = 'sink-password';

export interface ReceivedMail {
  /** The authenticated user. */
  user: string;
  envelopeFrom: string;
  envelopeTo: string[];
  /** Header names in lower case, folded lines joined. */
  headers: Record<string, string>;
  subject: string;
  /** Everything after the headers, as sent. */
  body: string;
  /** The body decoded from its Content-Transfer-Encoding (meaningful for single-part messages). */
  text: string;
}

export interface SmtpSink {
  /** `smtp://` URL with the sink's credentials; pass other ones to test a refused login. */
  url(user?: string, password?: string): string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

function decodeBody(body: string, encoding = ''): string {
  if (/^base64$/i.test(encoding)) return Buffer.from(body, 'base64').toString('utf8');
  if (!/^quoted-printable$/i.test(encoding)) return body;
  const bytes = body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parseMail(raw: string, session: SMTPServerSession): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const headerBlock = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of headerBlock.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = raw.slice(split + 4);
  return {
    user: String(session.user),
    envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
    envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
    headers,
    subject: headers.subject ?? '',
    body,
    text: decodeBody(body, headers['content-transfer-encoding']),
  };
}

/** A local SMTP server (plain, AUTH required) that records every message it accepts. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_SINK_USER && auth.password === SMTP_SINK_PASSWORD) {
        return callback(null, { user: auth.username });
      }
      callback(
        Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(parseMail(Buffer.concat(chunks).toString('utf8'), session));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: (user = SMTP_SINK_USER, password = SMTP_SINK_PASSWORD) =>
      `smtp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
