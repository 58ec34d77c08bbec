import { Injectable } from '@nestjs/common';
import { type AuthContext, mayReadPiiOf } from '@app/auth';
import { AuditLog, type ConstituentEntity } from '@app/database';
import { type ConstituentResponseDto, toConstituentResponse } from './constituent.dto';
import { ConstituentConsents, sharesWithPartners } from './constituent-consents';

/**
 * Constituent records as the caller may see them, wherever they are returned: with their current
 * consents (one statement for a whole page) and personal fields masked by mayReadPiiOf. A read
 * (`read`) logs each record returned with personal fields (constituent.read).
 */
@Injectable()
export class ConstituentRecords {
  constructor(
    private readonly consents: ConstituentConsents,
    private readonly audit: AuditLog,
  ) {}

  async many(
    auth: AuthContext,
    constituents: ConstituentEntity[],
  ): Promise<ConstituentResponseDto[]> {
    return (await this.shown(auth, constituents)).map(({ record }) => record);
  }

  /**
   * The records of a read, once one constituent.read audit entry per record returned with its
   * personal fields is committed.
   */
  async read(
    auth: AuthContext,
    constituents: ConstituentEntity[],
  ): Promise<ConstituentResponseDto[]> {
    const shown = await this.shown(auth, constituents);
    await this.audit.recordReads(
      shown.filter(({ canReadPii }) => canReadPii).map(({ record }) => record.id),
      { action: 'constituent.read', subjectType: 'constituent' },
    );
    return shown.map(({ record }) => record);
  }

  /** Each record as the caller sees it, and whether its personal fields are in it. */
  private async shown(
    auth: AuthContext,
    constituents: ConstituentEntity[],
  ): Promise<{ record: ConstituentResponseDto; canReadPii: boolean }[]> {
    const current = await this.consents.currentOf(
      auth.organizationId,
      constituents.map((constituent) => constituent.id),
    );
    const policy = await this.consents.sharingPolicy(auth);
    return constituents.map((constituent) => {
      const consents = current.get(constituent.id) ?? {};
      const canReadPii = mayReadPiiOf(auth, policy, sharesWithPartners(consents));
      return { record: toConstituentResponse(constituent, consents, canReadPii), canReadPii };
    });
  }

  async one(auth: AuthContext, constituent: ConstituentEntity): Promise<ConstituentResponseDto> {
    const [record] = await this.many(auth, [constituent]);
    return record;
  }
}
