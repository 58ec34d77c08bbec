import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { ApiProblems } from '@app/http';
import { IDEMPOTENCY_KEY_HEADER } from './idempotency-key-header';
import { IdempotencyInterceptor } from './idempotency.interceptor';

export const IDEMPOTENT_ROUTE = 'idempotent-route';

export interface IdempotentRoute {
  /**
   * The handler calls an outside service (SMTP, a provider's API), so it cannot run inside one
   * transaction (no transaction may be open across an outside call): the key is then claimed by a
   * row committed before the handler runs, and completed by a second transaction after it. Such a
   * route is the one exception to "one transaction": with or without a key, the handler runs with
   * none open and commits its own record before it calls the provider.
   */
  callsOut?: boolean;
}

/**
 * Runs the route once per Idempotency-Key (docs/CONVENTIONS.md, "Idempotency"): a repeat with the same key and request
 * within 24 hours replays the first response (status, body and Location) and does nothing else; the
 * same key with another request is 422; a repeat while the first runs is 409. Keys are scoped to
 * the route and organization, and on member routes to the member. The handler returns its response
 * body as usual, and its status is the route's (`@HttpCode`).
 *
 * The handler always runs in one transaction, with or without a key (with one, the claim and the
 * stored response share it): its writes commit together or not at all, so services need no
 * transaction of their own. The exception is `callsOut: true` (see IdempotentRoute).
 */
export const Idempotent = (route: IdempotentRoute = {}) =>
  applyDecorators(
    SetMetadata(IDEMPOTENT_ROUTE, route),
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: IDEMPOTENCY_KEY_HEADER,
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: 255 },
      description:
        'Replays the first response to a repeat with the same key and body within 24 hours; ' +
        'the same key with another body is 422, a repeat while the first runs is 409.',
    }),
    ApiProblems(409, 422),
  );
