import type { LoginDto, OperationId, OperationResponse } from '@assist/contracts';
import { AssistOperations, OPERATIONS } from './assist-operations';
import { nextCursor, outgoingRequest, responseBody, type OutgoingRequest } from './http-exchange';
import type { CallOptions, OperationInput, OperationRoute } from './operation-input';
import { TokenSession } from './token-session';

export interface AssistClientOptions {
  /** The service origin, e.g. `https://assist.example.org` (a path prefix, if any, is kept). */
  baseUrl: string;
  /** Logs in with these at the first authenticated call, and again whenever the refresh token is refused. */
  credentials?: LoginDto;
  /** Milliseconds before a call is aborted (default 30,000). */
  timeoutMs?: number;
  /** Headers sent with every call (a `User-Agent` naming your service, say). */
  headers?: Record<string, string>;
  /** The fetch to send with (default: the runtime's). */
  fetch?: typeof fetch;
}

/** The operations that answer one page and a `Link` header to the next (`listNeeds`, ...). */
export type PagedOperationId = {
  [Op in OperationId]: (typeof OPERATIONS)[Op]['paged'] extends true ? Op : never;
}[OperationId];

/** One item of a paged operation's page. */
export type PageItem<Op extends PagedOperationId> =
  OperationResponse<Op> extends readonly (infer Item)[] ? Item : never;

interface Answer {
  body: unknown;
  headers: Headers;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * A typed client of the API: one method per operation, named by its operationId. After `login()`
 * (or with `credentials`), calls carry the access token and renew it on their own; an error answer
 * is thrown as an AssistProblemError.
 */
export class AssistClient extends AssistOperations {
  private readonly session: TokenSession;

  constructor(private readonly options: AssistClientOptions) {
    super();
    const { credentials } = options;
    this.session = new TokenSession({
      refresh: (refreshToken) => super.refreshTokens({ refreshToken }),
      login: credentials ? () => super.login(credentials) : undefined,
    });
  }

  /** Logs in: later calls send the access token and renew it before it expires. */
  override async login(input: OperationInput<'login'>, options?: CallOptions) {
    const tokens = await super.login(input, options);
    this.session.start(tokens);
    return tokens;
  }

  override async refreshTokens(input: OperationInput<'refreshTokens'>, options?: CallOptions) {
    const tokens = await super.refreshTokens(input, options);
    this.session.start(tokens);
    return tokens;
  }

  /** Revokes the refresh token (the session's own when none is given) and forgets the tokens. */
  override async logout(input?: OperationInput<'logout'>, options?: CallOptions) {
    const refreshToken = input?.refreshToken ?? this.session.refreshToken;
    if (refreshToken) await super.logout({ refreshToken }, options);
    this.session.end();
    return undefined;
  }

  /** Every item of a paged list, following its `Link` header page after page. */
  async *paginate<Op extends PagedOperationId>(
    operationId: Op,
    input: OperationInput<Op>,
    options?: CallOptions,
  ): AsyncGenerator<PageItem<Op>, void, undefined> {
    let cursor: string | undefined;
    do {
      const pageInput = cursor ? { ...(input as object), cursor } : (input as object);
      const page = await this.exchange(operationId, pageInput, options);
      yield* page.body as PageItem<Op>[];
      cursor = nextCursor(page.headers);
    } while (cursor);
  }

  protected async call<Op extends OperationId>(
    operationId: Op,
    input: OperationInput<Op>,
    options?: CallOptions,
  ): Promise<OperationResponse<Op>> {
    const answer = await this.exchange(operationId, input as object, options);
    return answer.body as OperationResponse<Op>;
  }

  private async exchange(
    operationId: OperationId,
    input: object,
    options: CallOptions | undefined,
  ): Promise<Answer> {
    const route: OperationRoute = OPERATIONS[operationId];
    const request = outgoingRequest(this.options.baseUrl, route, input as Record<string, unknown>);
    const tokens = route.authenticated ? await this.session.current() : null;
    let response = await this.send(route, request, tokens?.accessToken, options);
    if (
      response.status === 401 &&
      route.authenticated &&
      (await this.session.renewAfterRejection(tokens))
    ) {
      await response.body?.cancel();
      const renewed = await this.session.current();
      response = await this.send(route, request, renewed?.accessToken, options);
    }
    return { body: await responseBody(response), headers: response.headers };
  }

  private send(
    route: OperationRoute,
    request: OutgoingRequest,
    token: string | undefined,
    options: CallOptions | undefined,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...this.options.headers,
      ...options?.headers,
    };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    if (options?.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const signal = options?.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const send = this.options.fetch ?? fetch;
    return send(request.url, { method: route.method, headers, body: request.body, signal });
  }
}
