import { Injectable } from '@nestjs/common';
import { AuthContext, needMessagingVisibility } from '@app/auth';
import { NeedEntity, NeedRepository } from '@app/database';
import { DomainError } from '@app/http';

/** What every send to a need's constituent starts with: the need the caller may message. */
@Injectable()
export class NeedMessageRequests {
  constructor(private readonly needs: NeedRepository) {}

  /** The need, if the caller may message its constituent; 404 otherwise. */
  async messageableNeed(auth: AuthContext, needId: string): Promise<NeedEntity> {
    const need = await this.needs.findVisible(
      auth.organizationId,
      needId,
      needMessagingVisibility(auth),
    );
    if (!need) throw DomainError.notFound('Need');
    return need;
  }
}
