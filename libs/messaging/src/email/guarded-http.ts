import http, { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { AddressGuard, ResolvedAddress } from './address-guard';
import { EmailDeliveryError } from './email-provider';

const TIMEOUT_MS = 15_000;
const MAX_ANSWER_BYTES = 64 * 1024;
const MAX_REASON_LENGTH = 500;

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function pinnedLookup({ address, family }: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * POSTs to a provider API, connecting only to the address the guard approved (TLS still verifies
 * the host name). Redirects are not followed: the caller sees the 3xx. `timeoutMs` bounds the whole
 * exchange, so an answer sent a byte at a time cannot hold the caller.
 */
export async function guardedPost(
  guard: AddressGuard,
  url: string,
  headers: OutgoingHttpHeaders,
  body: string,
  timeoutMs = TIMEOUT_MS,
): Promise<HttpAnswer> {
  const target = new URL(url);
  const address = await guard.resolve(target.hostname);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let timedOut = false;
    // The socket's own error is not told: it would echo addresses and network details.
    const failed = () => {
      clearTimeout(deadline);
      reject(
        new EmailDeliveryError(
          timedOut
            ? `${target.host} did not answer within ${timeoutMs / 1000} s`
            : `${target.host} could not be reached`,
        ),
      );
    };
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        lookup: pinnedLookup(address),
        agent: false,
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
        });
        response.on('error', failed);
        response.on('end', () => {
          clearTimeout(deadline);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    const giveUp = () => {
      timedOut = true;
      request.destroy(new Error('timeout'));
    };
    const deadline = setTimeout(giveUp, timeoutMs);
    request.on('timeout', giveUp);
    request.on('error', failed);
    request.end(body);
  });
}

export function isAccepted(answer: HttpAnswer): boolean {
  return answer.status >= 200 && answer.status < 300;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A provider's refusal, with its status code and the message from its answer. */
export function providerFailure(
  provider: string,
  answer: HttpAnswer,
  message: string | undefined,
): EmailDeliveryError {
  const detail =
    answer.status >= 300 && answer.status < 400
      ? `redirect to ${answer.headers.location ?? 'nowhere'} (redirects are not followed)`
      : message || answer.body.trim() || 'no message';
  return new EmailDeliveryError(
    `${provider} answered ${answer.status}: ${detail}`.slice(0, MAX_REASON_LENGTH),
  );
}
