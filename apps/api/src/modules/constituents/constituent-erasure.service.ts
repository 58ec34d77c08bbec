import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@app/auth';
import { AuditLog, ConstituentErasureRepository } from '@app/database';
import { DomainError } from '@app/http';
import type { ConstituentResponseDto } from './constituent.dto';
import { ConstituentMergeService } from './constituent-merge.service';
import { ConstituentRecords } from './constituent-records';
import type { EraseConstituentDto } from './erasure.dto';

/**
 * Erasing a constituent at a member's request (docs/ERASURE.md): one transaction (retried, as a
 * merge is, when it loses a race), logged as constituent.erase with the reason. Erasing again
 * answers the record as it is and writes nothing.
 */
@Injectable()
export class ConstituentErasureService {
  constructor(
    private readonly merges: ConstituentMergeService,
    private readonly erasure: ConstituentErasureRepository,
    private readonly records: ConstituentRecords,
    private readonly audit: AuditLog,
  ) {}

  async erase(
    auth: AuthContext,
    id: string,
    body: EraseConstituentDto,
  ): Promise<ConstituentResponseDto> {
    const erased = await this.merges.transaction(async (tx) => {
      const outcome = await this.erasure.erase(auth.organizationId, tx, id, auth.memberId);
      if (!outcome) throw DomainError.notFound('Constituent');
      if (!outcome.erasedNow) return outcome.constituent;
      await this.audit.record(tx, {
        action: 'constituent.erase',
        subjectType: 'constituent',
        subjectId: id,
        details: { reason: body.reason },
      });
      return outcome.constituent;
    });
    return this.records.one(auth, erased);
  }
}
