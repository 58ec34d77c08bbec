import { Injectable } from '@nestjs/common';
import { AuthContext, needVisibility } from '@app/auth';
import { AuditLog, NeedEntity, NeedHistoryRepository, NeedRepository } from '@app/database';
import { decodeKeysetCursor, DEFAULT_PAGE_SIZE, DomainError, encodeKeysetCursor } from '@app/http';
import {
  NeedHistoryEntryDto,
  NeedResponseDto,
  toListedNeedResponse,
  toNeedHistoryEntry,
  toNeedResponse,
} from './need.dto';
import { ListNeedsQueryDto } from './need-list.dto';

export interface NeedListPage {
  needs: NeedResponseDto[];
  /** The `cursor` of the next page; null on the last one. */
  nextCursor: string | null;
}

/** Reading needs, within the caller's row scope (libs/auth access.ts). */
@Injectable()
export class NeedsService {
  constructor(
    private readonly needs: NeedRepository,
    private readonly histories: NeedHistoryRepository,
    private readonly audit: AuditLog,
  ) {}

  /** The read of a confidential need is logged (need.read) before it is returned. */
  async get(auth: AuthContext, needId: string): Promise<NeedResponseDto> {
    const need = await this.findVisible(auth, needId);
    if (need.isConfidential) {
      await this.audit.recordRead({ action: 'need.read', subjectType: 'need', subjectId: need.id });
    }
    return toNeedResponse(need);
  }

  async list(auth: AuthContext, query: ListNeedsQueryDto): Promise<NeedListPage> {
    if (
      query.createdFrom &&
      query.createdTo &&
      Date.parse(query.createdFrom) > Date.parse(query.createdTo)
    ) {
      throw DomainError.invalid('createdTo', 'createdTo must not be before createdFrom');
    }
    const page = await this.needs.list(auth.organizationId, needVisibility(auth), {
      statuses: query.status,
      partnerId: query.partnerId,
      assignedTo: query.assignedTo,
      constituentId: query.constituentId,
      householdId: query.householdId,
      overdue: query.overdue,
      createdFrom: query.createdFrom,
      createdTo: query.createdTo,
      q: query.q,
      limit: query.limit ?? DEFAULT_PAGE_SIZE,
      after: query.cursor === undefined ? undefined : decodeKeysetCursor(query.cursor),
    });
    const now = new Date();
    return {
      needs: page.needs.map((need) => toListedNeedResponse(need, now)),
      nextCursor: page.next && encodeKeysetCursor(page.next),
    };
  }

  async history(auth: AuthContext, needId: string): Promise<NeedHistoryEntryDto[]> {
    await this.findVisible(auth, needId);
    const entries = await this.histories.listForNeed(auth.organizationId, needId);
    return entries.map(toNeedHistoryEntry);
  }

  private async findVisible(auth: AuthContext, needId: string): Promise<NeedEntity> {
    const need = await this.needs.findVisible(auth.organizationId, needId, needVisibility(auth));
    if (!need) throw DomainError.notFound('Need');
    return need;
  }
}
