import { Injectable } from '@nestjs/common';
import { AuthContext, needVisibility } from '@app/auth';
import { InteractionRepository, NeedRepository } from '@app/database';
import { DomainError } from '@app/http';
import { InteractionResponseDto, toInteractionResponse } from './messaging.dto';

/** The emails and SMS of a need, for callers who may read the need. */
@Injectable()
export class InteractionsService {
  constructor(
    private readonly needs: NeedRepository,
    private readonly interactions: InteractionRepository,
  ) {}

  async listForNeed(auth: AuthContext, needId: string): Promise<InteractionResponseDto[]> {
    const need = await this.needs.findVisible(auth.organizationId, needId, needVisibility(auth));
    if (!need) throw DomainError.notFound('Need');
    const interactions = await this.interactions.listForNeed(auth.organizationId, needId);
    return interactions.map(toInteractionResponse);
  }
}
