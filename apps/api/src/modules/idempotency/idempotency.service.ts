import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Database, IdempotencyKeyRepository } from '@app/database';
import { DomainError } from '@app/http';
import { requestFingerprint } from './request-fingerprint';

export interface IdempotentRequest {
  organizationId: string;
  /** Method and route, e.g. `POST /api/needs`: keys are scoped per endpoint and organization. */
  endpoint: string;
  key: string | undefined;
  /** What makes two requests the same: the body, and path parameters where the route has them. */
  request: unknown;
}

export interface StoredResponse<T> {
  status: number;
  body: T;
}

/**
 * Runs a use case once per Idempotency-Key (API.md section 1): the work and the stored response
 * commit in one transaction, so a replay never repeats the work and never misses it.
 */
@Injectable()
export class IdempotencyService {
  constructor(
    private readonly db: Database,
    private readonly keys: IdempotencyKeyRepository,
  ) {}

  run<T>(
    idempotent: IdempotentRequest,
    work: (manager: EntityManager) => Promise<StoredResponse<T>>,
  ): Promise<StoredResponse<T>> {
    const key = idempotent.key;
    if (key === undefined) return this.db.transaction(work);
    const ref = { organizationId: idempotent.organizationId, endpoint: idempotent.endpoint, key };
    const fingerprint = requestFingerprint(idempotent.request);
    return this.db.transaction(async (manager) => {
      const claim = await this.keys.claim(manager, ref, fingerprint);
      if (claim.kind === 'replay') return { status: claim.status, body: claim.body as T };
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
      const response = await work(manager);
      await this.keys.complete(manager, ref, fingerprint, response);
      return response;
    });
  }
}
