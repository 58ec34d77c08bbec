import { randomUUID } from 'node:crypto';
import { createServer, IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedTelnyxRequest {
  headers: IncomingHttpHeaders;
  body: { from?: string; to?: string; text?: string; [field: string]: unknown };
  /** The id answered, when the message was accepted. */
  messageId?: string;
}

export interface FakeTelnyx {
  /** Base URL for TELNYX_API_BASE_URL. */
  url: string;
  /** Every POST /v2/messages, accepted or not, in arrival order. */
  requests: RecordedTelnyxRequest[];
  /** Refuses the next `count` messages with `status` (Telnyx's error body), then accepts again. */
  failNext(count: number, status?: number): void;
  /** Refuses every message with `status` until reset(). */
  failAlways(status?: number): void;
  /** Holds each answer this long (to observe parallel sends). */
  delayAnswers(ms: number): void;
  /** Answers no message from this sending address until reset(), which answers them as usual. */
  hangFrom(from: string): void;
  /** The most messages from one sending address that were in flight at the same time. */
  peakConcurrency(from: string): number;
  reset(): void;
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<RecordedTelnyxRequest['body']> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedTelnyxRequest['body'];
  } catch {
    return {};
  }
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function telnyxError(status: number) {
  const [code, title] =
    status === 401 ? ['10009', 'Authentication failed'] : ['10007', 'Unexpected error'];
  return { errors: [{ code, title, detail: `${title} (fake Telnyx, status ${status})` }] };
}

function acceptedMessage(id: string, body: RecordedTelnyxRequest['body']) {
  return {
    data: {
      record_type: 'message',
      direction: 'outbound',
      id,
      type: 'SMS',
      from: { phone_number: body.from, carrier: 'TELNYX LLC', line_type: 'VoIP' },
      to: [
        {
          phone_number: body.to,
          status: 'queued',
          carrier: 'T-MOBILE USA, INC.',
          line_type: 'Wireless',
        },
      ],
      text: body.text,
      parts: 1,
      encoding: 'GSM-7',
      cost: { amount: '0.0040', currency: 'USD' },
      received_at: new Date().toISOString(),
      sent_at: null,
      completed_at: null,
      errors: [],
    },
  };
}

/** A local Telnyx Messaging API (POST /v2/messages) that records what it receives. */
export async function startFakeTelnyx(): Promise<FakeTelnyx> {
  const requests: RecordedTelnyxRequest[] = [];
  const inFlight = new Map<string, number>();
  const peaks = new Map<string, number>();
  let failures = { remaining: 0, status: 500 };
  let delayMs = 0;
  const hangingSenders = new Set<string>();
  const hung: (() => void)[] = [];
  const releaseHung = () => hung.splice(0).forEach((release) => release());

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readJson(request);
    const recorded: RecordedTelnyxRequest = { headers: request.headers, body };
    requests.push(recorded);
    const from = String(body.from);
    inFlight.set(from, (inFlight.get(from) ?? 0) + 1);
    peaks.set(from, Math.max(peaks.get(from) ?? 0, inFlight.get(from) ?? 0));
    try {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (hangingSenders.has(from)) await new Promise<void>((resolve) => hung.push(resolve));
      if (!request.headers.authorization?.startsWith('Bearer ')) {
        return answer(response, 401, telnyxError(401));
      }
      if (failures.remaining > 0) {
        failures.remaining -= 1;
        return answer(response, failures.status, telnyxError(failures.status));
      }
      recorded.messageId = randomUUID();
      answer(response, 200, acceptedMessage(recorded.messageId, body));
    } finally {
      inFlight.set(from, (inFlight.get(from) ?? 1) - 1);
    }
  }

  const server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/v2/messages') {
      return answer(response, 404, { errors: [{ code: '10005', title: 'Resource not found' }] });
    }
    void handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: (count, status = 500) => {
      failures = { remaining: count, status };
    },
    failAlways: (status = 500) => {
      failures = { remaining: Number.POSITIVE_INFINITY, status };
    },
    delayAnswers: (ms) => {
      delayMs = ms;
    },
    peakConcurrency: (from) => peaks.get(from) ?? 0,
    hangFrom: (from) => {
      hangingSenders.add(from);
    },
    reset: () => {
      failures = { remaining: 0, status: 500 };
      delayMs = 0;
      hangingSenders.clear();
      releaseHung();
      requests.length = 0;
      peaks.clear();
    },
    close: () => {
      releaseHung();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
