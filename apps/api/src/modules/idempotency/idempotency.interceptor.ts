import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import type { AuthContext } from '@app/auth';
import {
  IdempotencyClaim,
  IdempotencyKeyRef,
  IdempotencyKeyRepository,
  type OrganizationId,
  StoredResponse,
  TenantContext,
} from '@app/database';
import { DomainError } from '@app/http';
import { idempotencyKeyOf } from './idempotency-key-header';
import { IDEMPOTENT_ROUTE, type IdempotentRoute } from './idempotent.decorator';
import { requestFingerprint } from './request-fingerprint';

/** What the key's earlier use means for this request, when it does not run the handler. */
function answerEarlierUse(
  claim: Exclude<IdempotencyClaim, { kind: 'claimed' }>,
  response: Response,
) {
  if (claim.kind === 'reused-with-other-request') {
    throw new DomainError(
      'idempotency-key-reused',
      'This Idempotency-Key was used with a different request',
    );
  }
  if (claim.kind === 'in-progress') {
    throw new DomainError(
      'idempotency-key-in-use',
      'A request with this Idempotency-Key is still running',
    );
  }
  response.status(claim.response.status);
  if (claim.response.location) response.location(claim.response.location);
  return claim.response.body;
}

/** See @Idempotent(). Runs inside the request's organization (EnterOrganizationInterceptor). */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly tenant: TenantContext,
    private readonly keys: IdempotencyKeyRepository,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request & { auth?: AuthContext }>();
    const key = idempotencyKeyOf(request);
    // Without an organization the body is invalid, and validation refuses it before the handler.
    if (!this.tenant.entered) return next.handle();
    const route = this.reflector.get<IdempotentRoute>(IDEMPOTENT_ROUTE, context.getHandler());
    if (key === undefined) {
      // The same transaction as with a key, so the route's writes are atomic either way; a route
      // that calls out commits its own record before calling the provider.
      if (route.callsOut) return next.handle();
      return from(
        this.tenant.transaction(() => lastValueFrom(next.handle(), { defaultValue: undefined })),
      );
    }
    const member = request.auth ? ` member ${request.auth.memberId}` : '';
    const ref: IdempotencyKeyRef = {
      endpoint: `${request.method} ${(request.route as { path: string }).path}${member}`,
      key,
      requestHash: requestFingerprint({ params: request.params, body: request.body }),
    };
    const response = http.getResponse<Response>();
    const organization = this.tenant.organizationId;
    const handle = async (): Promise<unknown> => {
      const body = await lastValueFrom(next.handle(), { defaultValue: undefined });
      await this.keys.complete(organization, ref, this.responseOf(response, body));
      return body;
    };
    return from(
      route.callsOut
        ? this.claimedDurably(organization, ref, response, handle)
        : this.atomically(organization, ref, response, handle),
    );
  }

  /** The claim, the work and the stored response in one transaction: all of it commits, or none. */
  private atomically(
    organization: OrganizationId,
    ref: IdempotencyKeyRef,
    response: Response,
    handle: () => Promise<unknown>,
  ) {
    return this.tenant.transaction(async () => {
      const claim = await this.keys.claim(organization, ref);
      return claim.kind === 'claimed' ? handle() : answerEarlierUse(claim, response);
    });
  }

  /** A committed claim row holds the key while the handler calls out; a failure gives it back. */
  private async claimedDurably(
    organization: OrganizationId,
    ref: IdempotencyKeyRef,
    response: Response,
    handle: () => Promise<unknown>,
  ): Promise<unknown> {
    const claim = await this.keys.claimDurably(organization, ref);
    if (claim.kind !== 'claimed') return answerEarlierUse(claim, response);
    try {
      return await handle();
    } catch (error) {
      await this.keys.release(organization, ref);
      throw error;
    }
  }

  private responseOf(response: Response, body: unknown): StoredResponse {
    const location = response.getHeader('location');
    return {
      status: response.statusCode,
      body,
      location: typeof location === 'string' ? location : null,
    };
  }
}
