import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AuthContext, needMessagingVisibility } from '@app/auth';
import { NeedEntity, NeedRepository } from '@app/database';
import { DomainError } from '@app/http';
import { IdempotencyService, StoredResponse } from '../idempotency';

/**
 * What every send to a need's constituent starts with: the need the caller may message (404
 * otherwise), then the send itself run once per Idempotency-Key of that endpoint.
 */
@Injectable()
export class NeedMessageRequests {
  constructor(
    private readonly needs: NeedRepository,
    private readonly idempotency: IdempotencyService,
  ) {}

  async run<T>(
    auth: AuthContext,
    request: { endpoint: string; needId: string; body: object; idempotencyKey: string | undefined },
    send: (manager: EntityManager, need: NeedEntity) => Promise<StoredResponse<T>>,
  ): Promise<StoredResponse<T>> {
    const need = await this.needs.findVisible(
      auth.organizationId,
      request.needId,
      needMessagingVisibility(auth),
    );
    if (!need) throw DomainError.notFound('Need');
    return this.idempotency.run(
      {
        organizationId: auth.organizationId,
        endpoint: request.endpoint,
        key: request.idempotencyKey,
        request: { needId: request.needId, ...request.body },
      },
      (manager) => send(manager, need),
    );
  }
}
