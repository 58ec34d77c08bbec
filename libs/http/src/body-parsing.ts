import type { NextFunction, Request, RequestHandler, Response } from 'express';
import express from 'express';
import { validationProblem } from './validation.pipe';
import { domainProblem, plainProblem, sendProblem } from './problem-details';
import { refusedPart } from './request-shape';

export const BODY_LIMIT = '100kb';

function hasBody(request: Request): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}

/** A request with a body must declare JSON (415 otherwise). */
export const requireJsonContentType: RequestHandler = (request, response, next) => {
  if (!hasBody(request) || request.is(['application/json', 'application/*+json'])) return next();
  sendProblem(
    response,
    plainProblem(415, 'Send the body as JSON with Content-Type: application/json', request.path),
  );
};

/** Parses JSON bodies and keeps their exact bytes as `request.rawBody` (signed webhooks need them). */
export const parseJsonBody = express.json({
  limit: BODY_LIMIT,
  type: ['application/json', 'application/*+json'],
  verify: (request, _response, body) => {
    (request as typeof request & { rawBody?: Buffer }).rawBody = body;
  },
});

interface BodyParserError extends Error {
  status?: number;
  type?: string;
}

/** Turns body-parser failures (malformed JSON 400, too large 413, bad charset 415) into problem details. */
export function bodyParserErrors(
  error: BodyParserError,
  request: Request,
  response: Response,
  next: NextFunction,
): void {
  if (!error.type || error.status === undefined) return next(error);
  const instance = request.path;
  if (error.type === 'entity.parse.failed') {
    const problem = validationProblem([
      { field: 'body', message: 'The request body is not valid JSON' },
    ]);
    return sendProblem(response, domainProblem(problem, instance));
  }
  if (error.type === 'entity.too.large') {
    return sendProblem(
      response,
      plainProblem(413, `The request body exceeds ${BODY_LIMIT}`, instance),
    );
  }
  sendProblem(response, plainProblem(error.status, error.message, instance));
}

/**
 * Refuses, with a 400 naming the field, any query or body holding U+0000, JSON nested deeper than
 * 32 levels, or a `__proto__`, `constructor` or `prototype` key: before any validation or
 * class-transformer sees it.
 */
export const refuseUnsafeInput: RequestHandler = (request, response, next) => {
  const refused = refusedPart(request.query) ?? refusedPart(request.body);
  if (!refused) return next();
  sendProblem(response, domainProblem(validationProblem([refused]), request.path));
};
