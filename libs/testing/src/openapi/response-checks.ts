import type { Response } from 'supertest';
import type { FuzzRequest } from './fuzz-requests';
import type { Operation } from './openapi-document';
import type { SchemaValidator } from './schema-validator';

const VALIDATION_ERROR = '/problems/validation-error';

/** Header each status must carry (docs/CONVENTIONS.md). */
const REQUIRED_HEADERS: Record<number, string> = {
  201: 'location',
  401: 'www-authenticate',
  429: 'retry-after',
};

/** Whether a 400 validation-error naming `field` may answer a request valid by the document. */
export type SemanticRule = (operation: Operation, field: string) => boolean;

function contentFailures(
  validator: SchemaValidator,
  operation: Operation,
  response: Response,
): string[] {
  const documented = operation.spec.responses[String(response.status)];
  if (!documented) return [`status ${response.status} is not documented`];
  if (!documented.content) {
    return response.text ? [`status ${response.status} has a body the document does not`] : [];
  }
  const type = String(response.headers['content-type'] ?? '').split(';')[0];
  const media = documented.content[type];
  if (!media) return [`content type ${type || 'none'} is not documented`];
  return media.schema
    ? validator.errors(media.schema, response.body).map((error) => `body: ${error}`)
    : [];
}

/**
 * Schemathesis' checks for one exchange: no 5xx; a documented status, content type, headers and
 * body; problem details whose status is the HTTP status; invalid requests refused with a 4xx;
 * valid ones never refused by validation (except on fields with rules no schema can state).
 */
export function responseFailures(
  validator: SchemaValidator,
  operation: Operation,
  request: FuzzRequest,
  response: Response,
  semantic: SemanticRule,
): string[] {
  const { status, body } = response;
  const failures = status >= 500 ? [`server error ${status}`] : [];
  failures.push(...contentFailures(validator, operation, response));
  const header = REQUIRED_HEADERS[status];
  if (header && !response.headers[header]) failures.push(`${status} without ${header}`);
  if (status >= 400 && body?.status !== status) failures.push('problem status is not the status');
  if (request.faults.length && status < 400) {
    failures.push(`accepted a request with a faulty ${request.faults.join(', ')}`);
  }
  if (!request.faults.length && status === 400 && body?.type === VALIDATION_ERROR) {
    const fields: string[] = (body.errors ?? []).map((error: { field: string }) => error.field);
    if (!fields.length || !fields.every((field) => semantic(operation, field))) {
      failures.push(`refused a valid request: ${body.detail}`);
    }
  }
  return failures;
}
