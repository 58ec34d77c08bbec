import { Injectable } from '@nestjs/common';
import {
  InteractionRepository,
  OrganizationEntity,
  TelephonyDetailRecordRepository,
  TenantContext,
} from '@app/database';
import { NumberOwner } from './number-owner';
import { detailRecordOf, reportedStatus, TelnyxMessageEvent } from './telnyx-event';

/**
 * message.sent and message.finalized: recorded once per event, and moving the outbound message
 * forward only (a late or repeated report changes nothing). The organization is the one owning
 * the sending number; the report is recorded inside it.
 */
@Injectable()
export class DeliveryReportService {
  constructor(
    private readonly tenant: TenantContext,
    private readonly owner: NumberOwner,
    private readonly interactions: InteractionRepository,
    private readonly records: TelephonyDetailRecordRepository,
  ) {}

  record(event: TelnyxMessageEvent): Promise<void> {
    return this.owner.run(event.from, (organization) => this.recordIn(organization, event));
  }

  private async recordIn(
    organization: OrganizationEntity,
    event: TelnyxMessageEvent,
  ): Promise<void> {
    const interaction = await this.interactions.findByProviderMessageId(
      organization.id,
      event.messageId,
    );
    await this.tenant.transaction(async () => {
      const first = await this.records.insert(
        detailRecordOf(event, organization.id, interaction?.id ?? null),
      );
      if (!first || !interaction) return;
      const status = reportedStatus(event);
      await this.interactions.advance(organization.id, interaction.id, status, {
        error: status === 'FAILED' ? (event.errors ?? 'Delivery failed') : null,
        sentAt: event.sentAt,
      });
    });
  }
}
