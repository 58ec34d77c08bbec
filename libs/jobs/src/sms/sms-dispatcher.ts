import { Injectable } from '@nestjs/common';
import {
  ConstituentRepository,
  Database,
  InteractionEntity,
  InteractionRepository,
  OrganizationRepository,
  TelephonyDetailRecordRepository,
} from '@app/database';
import { composeSmsText } from '@app/domain';
import { SmsDeliveryError, SmsProvider } from '@app/messaging';
import type { SmsDispatchJob } from './sms-dispatch.policy';

const OUTCOME_UNKNOWN =
  'An earlier attempt ended without the provider’s answer; not sent again, as it may have arrived';

interface Delivery {
  from: string;
  to: string;
  text: string;
}

/**
 * Sends one queued SMS through the configured provider, at most once. Each attempt is recorded
 * (committed) before the provider is called and settled after: SENT with the provider's id, or
 * reopened for a retry when the provider certainly refused it. An attempt that never settled (a
 * crash, or a timeout after the request left) is never repeated: Telnyx takes no idempotency key, so
 * the message becomes FAILED with an "outcome unknown" reason instead of risking a second copy.
 */
@Injectable()
export class SmsDispatcher {
  constructor(
    private readonly db: Database,
    private readonly interactions: InteractionRepository,
    private readonly organizations: OrganizationRepository,
    private readonly constituents: ConstituentRepository,
    private readonly records: TelephonyDetailRecordRepository,
    private readonly provider: SmsProvider,
  ) {}

  /**
   * Throws SmsDeliveryError when the provider refused and a later attempt may succeed. Runs as the
   * system role, like every job; each query names the job's organization.
   */
  dispatch(job: SmsDispatchJob, lastAttempt: boolean): Promise<void> {
    return this.db.asSystem(() => this.attempt(job, lastAttempt));
  }

  private async attempt(job: SmsDispatchJob, lastAttempt: boolean): Promise<void> {
    const interaction = await this.interactions.claimDispatch(
      job.organizationId,
      job.interactionId,
    );
    if (!interaction) return this.settleUnclaimed(job);
    const delivery = await this.deliveryFor(job, interaction);
    if (typeof delivery === 'string') return this.fail(job, delivery);
    try {
      const accepted = await this.provider.send(delivery);
      await this.db.transaction(async (manager) => {
        await this.interactions.recordSent(
          manager,
          job.organizationId,
          interaction.id,
          accepted.messageId,
        );
        await this.records.insert(manager, {
          organizationId: job.organizationId,
          interactionId: interaction.id,
          providerEventId: null,
          providerMessageId: accepted.messageId,
          direction: 'outbound',
          cli: delivery.from,
          cld: delivery.to,
          messageType: 'SMS',
          status: 'accepted',
          deliveryStatus: accepted.status,
          carrier: accepted.carrier,
          carrierFee: null,
          rate: null,
          cost: accepted.cost ?? '0',
          currency: accepted.currency,
          sentAt: new Date(),
        });
      });
    } catch (error) {
      if (!(error instanceof SmsDeliveryError)) throw error;
      if (!error.definite) return this.fail(job, `${error.reason}. ${OUTCOME_UNKNOWN}`);
      if (lastAttempt) return this.fail(job, error.reason);
      await this.interactions.recordRefusedAttempt(
        job.organizationId,
        job.interactionId,
        error.reason,
      );
      throw error;
    }
  }

  /** Already settled (nothing to do), or left mid-attempt by an earlier run (never resent). */
  private async settleUnclaimed(job: SmsDispatchJob): Promise<void> {
    const current = await this.interactions.findById(job.organizationId, job.interactionId);
    if (current?.dispatchingSince) await this.fail(job, OUTCOME_UNKNOWN);
  }

  /** The addresses and text, or why the message cannot go out. */
  private async deliveryFor(
    job: SmsDispatchJob,
    interaction: InteractionEntity,
  ): Promise<Delivery | string> {
    const [organization, constituent] = await Promise.all([
      this.organizations.findById(job.organizationId),
      this.constituents.findLive(job.organizationId, interaction.constituentId),
    ]);
    if (!constituent?.phone) return 'The recipient has no phone number';
    if (constituent.smsOptedOut && !job.compliance) return 'The recipient opted out of SMS';
    const from = organization ? this.provider.senderFor(organization) : null;
    if (!organization || !from) return 'The organization has no phone number to send SMS from';
    const text = job.compliance
      ? interaction.body
      : composeSmsText(organization.smsSenderName, interaction.body);
    return { from, to: constituent.phone, text };
  }

  private async fail(job: SmsDispatchJob, reason: string): Promise<void> {
    await this.interactions.advance(job.organizationId, job.interactionId, 'FAILED', {
      error: reason,
    });
  }
}
