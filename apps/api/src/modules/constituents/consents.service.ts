import { Injectable } from '@nestjs/common';
import { type AuthContext, mayReadPiiOf } from '@app/auth';
import { ConstituentConsentRepository, ConstituentRepository, TenantContext } from '@app/database';
import {
  decodeKeysetCursor,
  DEFAULT_PAGE_SIZE,
  DomainError,
  encodeKeysetCursor,
  type KeysetPageQueryDto,
} from '@app/http';
import {
  type ConsentRecordResponseDto,
  type RecordConsentDto,
  toConsentRecordResponse,
} from './consent.dto';
import { ConstituentConsents, sharesWithPartners } from './constituent-consents';

export interface ConsentHistoryPage {
  consents: ConsentRecordResponseDto[];
  /** The `cursor` of the next page; null on the last one. */
  nextCursor: string | null;
}

/** Recording a constituent's consents and reading their history (docs/CONSENT.md). */
@Injectable()
export class ConsentsService {
  constructor(
    private readonly tenant: TenantContext,
    private readonly constituents: ConstituentRepository,
    private readonly consents: ConstituentConsents,
    private readonly records: ConstituentConsentRepository,
  ) {}

  /**
   * Appends a record for a live constituent (404 otherwise), locked so that a merge cannot take it
   * away in between, and its audit entry, in one transaction. The recorder sees the note it wrote.
   */
  async record(
    auth: AuthContext,
    constituentId: string,
    body: RecordConsentDto,
  ): Promise<ConsentRecordResponseDto> {
    const [record] = await this.tenant.transaction(async (tx) => {
      const [constituent] = await this.constituents.lockInOrder(auth.organizationId, [
        constituentId,
      ]);
      if (!constituent || constituent.mergedIntoId) throw DomainError.notFound('Constituent');
      return this.consents.record(tx, auth.organizationId, constituentId, auth.memberId, [
        {
          purpose: body.purpose,
          granted: body.granted,
          method: body.method,
          note: body.note ?? null,
          expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
        },
      ]);
    });
    return toConsentRecordResponse(record, true);
  }

  /** The whole history, newest first; notes only for callers who may read the personal fields. */
  async history(
    auth: AuthContext,
    constituentId: string,
    query: KeysetPageQueryDto,
  ): Promise<ConsentHistoryPage> {
    const after = query.cursor === undefined ? undefined : decodeKeysetCursor(query.cursor);
    if (!(await this.constituents.findLive(auth.organizationId, constituentId))) {
      throw DomainError.notFound('Constituent');
    }
    const current = await this.consents.currentOfOne(auth.organizationId, constituentId);
    const policy = await this.consents.sharingPolicy(auth);
    const canReadNotes = mayReadPiiOf(auth, policy, sharesWithPartners(current));
    const page = await this.records.history(
      auth.organizationId,
      constituentId,
      query.limit ?? DEFAULT_PAGE_SIZE,
      after,
    );
    return {
      consents: page.records.map((record) => toConsentRecordResponse(record, canReadNotes)),
      nextCursor: page.next && encodeKeysetCursor(page.next),
    };
  }
}
