import { createServer, IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedEvent {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as signed. */
  body: string;
}

export type Answer =
  { status: number; headers?: Record<string, string> } | { hang: true } | { trickle: true };

export interface EventReceiver {
  /** The receiver's base URL (http on 127.0.0.1). */
  url: string;
  received: ReceivedEvent[];
  /**
   * Answers the next requests so (then 204 again); `hang` never answers at all, `trickle` starts a
   * 200 and sends a byte every half second without ever ending it.
   */
  answerNext(...answers: Answer[]): void;
  /** Never answers any request from now on (a receiver that hangs). */
  hangAll(): void;
  /** Waits until at least `count` requests arrived (fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedEvent[]>;
  close(): Promise<void>;
}

/** A local webhook receiver over node:http that records every request and answers 204. */
export async function startEventReceiver(): Promise<EventReceiver> {
  const received: ReceivedEvent[] = [];
  const answers: Answer[] = [];
  let hangingAll = false;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = hangingAll ? { hang: true } : (answers.shift() ?? { status: 204 });
      if ('status' in answer) response.writeHead(answer.status, answer.headers).end();
      if ('trickle' in answer) {
        response.writeHead(200).write(' ');
        const timer = setInterval(() => response.write(' '), 500);
        response.on('close', () => clearInterval(timer));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerNext: (...next) => answers.push(...next),
    hangAll: () => {
      hangingAll = true;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`Expected ${count} webhook requests, got ${received.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
