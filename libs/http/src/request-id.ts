import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const ACCEPTABLE_ID = /^[\w\-.:]{1,128}$/;

type IdentifiedRequest = IncomingMessage & { id?: string };

/** Uses the caller's X-Request-Id when it is sane, else a new UUID, and echoes it on the response. */
export function requestIdFor(request: IdentifiedRequest, response: ServerResponse): string {
  if (request.id) return request.id;
  const incoming = request.headers['x-request-id'];
  const id = typeof incoming === 'string' && ACCEPTABLE_ID.test(incoming) ? incoming : randomUUID();
  response.setHeader('X-Request-Id', id);
  request.id = id;
  return id;
}

/** First middleware of the app, so even body-parser failures carry the id. */
export function assignRequestId(
  request: IdentifiedRequest,
  response: ServerResponse,
  next: () => void,
): void {
  requestIdFor(request, response);
  next();
}
