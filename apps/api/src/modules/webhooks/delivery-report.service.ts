import { Injectable } from '@nestjs/common';
import {
  type OrganizationId,
  InteractionRepository,
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
    return this.owner.run(event.from, (entered) => this.recordIn(entered, event));
  }

  private async recordIn(entered: OrganizationId, event: TelnyxMessageEvent): Promise<void> {
    const interaction = await this.interactions.findByProviderMessageId(entered, event.messageId);
    await this.tenant.transaction(async () => {
      const first = await this.records.insert(
        entered,
        detailRecordOf(event, interaction?.id ?? null),
      );
      if (!first || !interaction) return;
      const status = reportedStatus(event);
      await this.interactions.advance(entered, interaction.id, status, {
        error: status === 'FAILED' ? (event.errors ?? 'Delivery failed') : null,
        sentAt: event.sentAt,
      });
    });
  }
}
