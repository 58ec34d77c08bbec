import { Injectable } from '@nestjs/common';
import {
  Database,
  InteractionRepository,
  SmsRoutingRepository,
  TelephonyDetailRecordRepository,
} from '@app/database';
import { detailRecordOf, reportedStatus, TelnyxMessageEvent } from './telnyx-event';

/**
 * message.sent and message.finalized: recorded once per event, and moving the outbound message
 * forward only (a late or repeated report changes nothing).
 */
@Injectable()
export class DeliveryReportService {
  constructor(
    private readonly db: Database,
    private readonly routing: SmsRoutingRepository,
    private readonly interactions: InteractionRepository,
    private readonly records: TelephonyDetailRecordRepository,
  ) {}

  async record(event: TelnyxMessageEvent): Promise<void> {
    const organization = await this.routing.organizationByNumber(event.from);
    if (!organization) return;
    const interaction = await this.interactions.findByProviderMessageId(
      organization.id,
      event.messageId,
    );
    await this.db.transaction(async (manager) => {
      const first = await this.records.insert(
        manager,
        detailRecordOf(event, organization.id, interaction?.id ?? null),
      );
      if (!first || !interaction) return;
      const status = reportedStatus(event);
      await this.interactions.advance(
        organization.id,
        interaction.id,
        status,
        {
          error: status === 'FAILED' ? (event.errors ?? 'Delivery failed') : null,
          sentAt: event.sentAt,
        },
        manager,
      );
    });
  }
}
