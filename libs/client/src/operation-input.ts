import type { OperationId, OperationParameters, OperationRequestBody } from '@assist/contracts';

type Section<Parameters, Location extends string> = Parameters extends {
  [Key in Location]?: infer Fields;
}
  ? [NonNullable<Fields>] extends [never]
    ? unknown
    : NonNullable<Fields>
  : unknown;

type Flattened<Fields> = unknown extends Fields ? Record<string, never> : Fields;

/**
 * What a method of AssistClient takes: the operation's path and query parameters and its body
 * fields, side by side in one object (`getNeed({ id })`, `listNeeds({ status: ['NEW'], limit: 50 })`,
 * `createPartner({ name, slaHours })`).
 */
export type OperationInput<Op extends OperationId> = Flattened<
  Section<OperationParameters<Op>, 'path'> &
    Section<OperationParameters<Op>, 'query'> &
    ([OperationRequestBody<Op>] extends [never] ? unknown : OperationRequestBody<Op>)
>;

/** Per-call options of every AssistClient method. */
export interface CallOptions {
  /** Sent as `Idempotency-Key`: a retried create or send with the same key is done once. */
  idempotencyKey?: string;
  /** Aborts the call (the client's own timeout applies as well). */
  signal?: AbortSignal;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

/** How an operation travels (generated into OPERATIONS from the OpenAPI document). */
export interface OperationRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  pathParams: readonly string[];
  queryParams: readonly string[];
  body: boolean;
  /** Sends the access token (and renews it on a 401). */
  authenticated: boolean;
  /** Answers one page and a `Link: <...>; rel="next"` header while more follow. */
  paged: boolean;
}
