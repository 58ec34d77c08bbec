import { Injectable } from '@nestjs/common';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';

/** An SMS the provider accepted: its message and the telephony detail record of the send. */
export interface SentSms {
  interactionId: string;
  providerMessageId: string;
  from: string;
  to: string;
  deliveryStatus: string | null;
  carrier: string | null;
  cost: string;
  currency: string | null;
}

/**
 * Records accepted SMS of one organization in one statement, however many: each message becomes
 * SENT with its provider id (unless already settled), and each send gets its outbound telephony
 * detail record. One statement is atomic on its own, and one round trip for a batch of sends.
 */
@Injectable()
export class SentSmsRepository {
  constructor(private readonly tenant: TenantContext) {}

  async record(organizationId: OrganizationId, sent: SentSms[]): Promise<void> {
    await this.tenant.manager.query(
      `WITH sent AS (
         SELECT * FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[],
                              $7::text[], $8::text[], $9::text[])
           AS s(interaction_id, provider_message_id, cli, cld, delivery_status, carrier, cost, currency)
       ), settled AS (
         UPDATE interaction
            SET status = 'SENT', provider_message_id = sent.provider_message_id, sent_at = now(),
                error = NULL, dispatching_since = NULL
           FROM sent
          WHERE interaction.organization_id = $1 AND interaction.id = sent.interaction_id
            AND interaction.status IN ('QUEUED', 'SCHEDULED')
       )
       INSERT INTO telephony_detail_record
         (organization_id, interaction_id, provider_message_id, direction, cli, cld, message_type,
          status, delivery_status, carrier, cost, currency, sent_at)
       SELECT $1, interaction_id, provider_message_id, 'outbound', cli, cld, 'SMS',
              'accepted', delivery_status, carrier, cost, currency, now()
         FROM sent`,
      [
        organizationId,
        sent.map((sms) => sms.interactionId),
        sent.map((sms) => sms.providerMessageId),
        sent.map((sms) => sms.from),
        sent.map((sms) => sms.to),
        sent.map((sms) => sms.deliveryStatus),
        sent.map((sms) => sms.carrier),
        sent.map((sms) => sms.cost),
        sent.map((sms) => sms.currency),
      ],
    );
  }
}
