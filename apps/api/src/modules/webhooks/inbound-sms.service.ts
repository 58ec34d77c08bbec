import { Injectable } from '@nestjs/common';
import {
  type OrganizationId,
  InteractionRepository,
  OrganizationEntity,
  SmsCorrespondent,
  SmsRoutingRepository,
  TelephonyDetailRecordRepository,
  TenantContext,
  type TenantTransaction,
} from '@app/database';
import { classifySmsKeyword, keywordReplyText, SmsKeyword } from '@app/domain';
import { SmsOutbox } from '@app/jobs';
import { NumberOwner } from './number-owner';
import { detailRecordOf, TelnyxMessageEvent } from './telnyx-event';

/**
 * message.received: filed as an INBOUND interaction of the sender (the constituents with that phone
 * in the organization owning the number) on their newest open need. STOP-words opt every one of
 * them out, START-words back in, HELP asks for the support contacts; each is answered once, and the
 * answer goes out even to an opted-out phone (it confirms the opt-out). Answers skip quiet hours and
 * the caps. A sender who is no constituent is recorded only as a detail record. Everything after
 * finding the organization happens inside it.
 */
@Injectable()
export class InboundSmsService {
  constructor(
    private readonly tenant: TenantContext,
    private readonly routing: SmsRoutingRepository,
    private readonly owner: NumberOwner,
    private readonly interactions: InteractionRepository,
    private readonly records: TelephonyDetailRecordRepository,
    private readonly outbox: SmsOutbox,
  ) {}

  receive(event: TelnyxMessageEvent): Promise<void> {
    return this.owner.run(event.to, (entered, organization) =>
      this.receiveIn(entered, organization, event),
    );
  }

  private async receiveIn(
    entered: OrganizationId,
    organization: OrganizationEntity,
    event: TelnyxMessageEvent,
  ): Promise<void> {
    const constituentIds = await this.routing.constituentIdsByPhone(entered, event.from);
    const correspondent = constituentIds.length
      ? await this.routing.correspondent(entered, constituentIds)
      : null;
    await this.tenant.transaction(async (tx) => {
      if (!correspondent) {
        await this.records.insert(entered, detailRecordOf(event, null));
        return;
      }
      const inbound = await this.interactions.insertOnce(entered, {
        needId: correspondent.needId,
        constituentId: correspondent.constituentId,
        channel: 'SMS',
        direction: 'INBOUND',
        subject: null,
        body: event.text,
        status: 'DELIVERED',
        createdBy: null,
        scheduledFor: null,
        providerMessageId: event.messageId,
        sentAt: event.sentAt ?? event.occurredAt,
      });
      if (!inbound) return;
      await this.records.insert(entered, detailRecordOf(event, inbound.id));
      const keyword = classifySmsKeyword(event.text);
      if (keyword)
        await this.answer(entered, tx, organization, constituentIds, correspondent, keyword);
    });
  }

  /** Inside the transaction that files the message: the opt-out, the reply and its send job. */
  private async answer(
    entered: OrganizationId,
    tx: TenantTransaction,
    organization: OrganizationEntity,
    constituentIds: string[],
    correspondent: SmsCorrespondent,
    keyword: SmsKeyword,
  ): Promise<void> {
    if (keyword !== 'HELP') {
      await this.routing.setSmsOptedOut(entered, constituentIds, keyword === 'STOP');
    }
    const reply = await this.interactions.insert(entered, {
      needId: correspondent.needId,
      constituentId: correspondent.constituentId,
      channel: 'SMS',
      direction: 'OUTBOUND',
      subject: null,
      body: keywordReplyText(keyword, organization),
      status: 'QUEUED',
      createdBy: null,
      scheduledFor: null,
    });
    await this.outbox.enqueue(
      tx,
      { organizationId: organization.id, interactionId: reply.id, compliance: true },
      { startAfter: null, maxConcurrency: organization.maxConcurrency },
    );
  }
}
