import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@app/auth';
import { ConstituentRepository, MergeAuditRepository } from '@app/database';
import { decodeKeysetCursor, DEFAULT_PAGE_SIZE, DomainError, encodeKeysetCursor } from '@app/http';
import { ListMergesQueryDto, MergeResponseDto, toMergeResponse } from './merge-history.dto';

export interface MergeListPage {
  merges: MergeResponseDto[];
  /** The `cursor` of the next page; null on the last one. */
  nextCursor: string | null;
}

/** The merges a constituent took part in, merged away or not. */
@Injectable()
export class MergeHistoryService {
  constructor(
    private readonly constituents: ConstituentRepository,
    private readonly audits: MergeAuditRepository,
  ) {}

  async list(
    auth: AuthContext,
    constituentId: string,
    query: ListMergesQueryDto,
  ): Promise<MergeListPage> {
    const after = query.cursor === undefined ? undefined : decodeKeysetCursor(query.cursor);
    if (!(await this.constituents.exists(auth.organizationId, constituentId))) {
      throw DomainError.notFound('Constituent');
    }
    const page = await this.audits.listOfConstituent(
      auth.organizationId,
      constituentId,
      query.limit ?? DEFAULT_PAGE_SIZE,
      after,
    );
    return {
      merges: page.merges.map(toMergeResponse),
      nextCursor: page.next && encodeKeysetCursor(page.next),
    };
  }
}
