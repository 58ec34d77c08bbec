import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AssistClient, AssistProblemError } from '@assist/client';
import { NEED_STATUS_MOVES, type NeedResponseDto, type NeedStatus } from '@assist/contracts';

export interface ReferralReport {
  partnerId: string;
  referenceNumber: string;
  listed: { id: string; status: NeedStatus; partnerId: string | null }[];
  nextStatuses: readonly NeedStatus[];
  missingNeed: { status: number; code: string | undefined };
}

/** What a partner service of an assistance organization does with the API. */
@Injectable()
export class ReferralDesk {
  constructor(private readonly assist: AssistClient) {}

  async referOne(organizationId: string): Promise<ReferralReport> {
    const partner = await this.assist.createPartner({ name: 'Northside Pantry', slaHours: 24 });
    const submitted = await this.assist.createPublicNeed(
      { organizationId, description: 'Groceries for a family of four', partnerId: partner.id },
      { idempotencyKey: randomUUID() },
    );
    const needs: NeedResponseDto[] = await this.assist.listNeeds({ partnerId: partner.id });
    const missingNeed = await this.assist
      .getNeed({ id: randomUUID() })
      .then(() => ({ status: 200, code: undefined }))
      .catch((error: unknown) => {
        if (!(error instanceof AssistProblemError)) throw error;
        return { status: error.status, code: error.code };
      });
    return {
      partnerId: partner.id,
      referenceNumber: submitted.referenceNumber,
      listed: needs.map(({ id, status, partnerId }) => ({ id, status, partnerId })),
      nextStatuses: NEED_STATUS_MOVES.NEW,
      missingNeed,
    };
  }
}
