import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeEmailProvider = 'sendgrid' | 'mailgun' | 'postmark';

export interface RecordedEmailRequest {
  provider: FakeEmailProvider;
  path: string;
  headers: IncomingHttpHeaders;
  /** The JSON body, or the fields of a form body. */
  body: Record<string, unknown>;
}

export interface FakeEmailApi {
  /** Base URL for SENDGRID_API_BASE_URL, MAILGUN_API_BASE_URL and POSTMARK_API_BASE_URL. */
  url: string;
  requests: RecordedEmailRequest[];
  /** Answers every later request with this status and the provider's own error body, until reset(). */
  failWith(status: number): void;
  reset(): void;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

const json = (status: number, body: unknown): Answer => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Each provider's documented success answer, and its error body for a status. */
const PROVIDERS: Record<
  FakeEmailProvider,
  { accept(request: RecordedEmailRequest): Answer; refuse(status: number): Answer }
> = {
  sendgrid: {
    accept: () => ({ status: 202, headers: { 'x-message-id': randomBytes(11).toString('hex') } }),
    refuse: (status) =>
      json(status, {
        errors: [
          {
            message:
              status === 401
                ? 'The provided authorization grant is invalid, expired, or revoked'
                : 'Bad Request',
            field: null,
            help: null,
          },
        ],
      }),
  },
  mailgun: {
    accept: (request) =>
      json(200, {
        id: `<${Date.now()}.${randomBytes(4).toString('hex')}@${request.path.split('/')[2]}>`,
        message: 'Queued. Thank you.',
      }),
    refuse: (status) =>
      status === 401
        ? { status, headers: { 'content-type': 'text/plain' }, body: 'Forbidden' }
        : json(status, {
            message: "'to' parameter is not a valid address. please check documentation",
          }),
  },
  postmark: {
    accept: (request) =>
      json(200, {
        To: request.body.To,
        SubmittedAt: new Date().toISOString(),
        MessageID: randomUUID(),
        ErrorCode: 0,
        Message: 'OK',
      }),
    refuse: (status) =>
      status === 401
        ? json(status, {
            ErrorCode: 10,
            Message:
              'The Server Token you provided in the X-Postmark-Server-Token request header was invalid. Please verify that you are using a valid token.',
          })
        : json(status, { ErrorCode: 300, Message: 'Invalid email request' }),
  },
};

function providerOf(method: string, path: string): FakeEmailProvider | null {
  if (method !== 'POST') return null;
  if (path === '/v3/mail/send') return 'sendgrid';
  if (/^\/v3\/[^/]+\/messages$/.test(path)) return 'mailgun';
  return path === '/email' ? 'postmark' : null;
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function send(response: ServerResponse, answer: Answer): void {
  response.writeHead(answer.status, answer.headers).end(answer.body);
}

/** One local HTTP server playing SendGrid, Mailgun and Postmark, recording what it receives. */
export async function startFakeEmailApi(): Promise<FakeEmailApi> {
  const requests: RecordedEmailRequest[] = [];
  let failure: number | null = null;
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const provider = providerOf(request.method ?? '', path);
    if (!provider) return send(response, json(404, { message: 'Not found' }));
    void readBody(request).then((body) => {
      const recorded = { provider, path, headers: request.headers, body };
      requests.push(recorded);
      if (failure === null) return send(response, PROVIDERS[provider].accept(recorded));
      if (failure >= 300 && failure < 400) {
        return send(response, { status: failure, headers: { location: 'http://127.0.0.1:9/' } });
      }
      send(response, PROVIDERS[provider].refuse(failure));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failWith: (status) => {
      failure = status;
    },
    reset: () => {
      failure = null;
      requests.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
