import { Injectable } from '@nestjs/common';
import {
  InteractionEntity,
  InteractionRepository,
  OrganizationCache,
  OrganizationEntity,
  organizationId,
  OrganizationId,
  SentSms,
  SentSmsRepository,
  SmsRecipient,
  SmsRoutingRepository,
  TenantContext,
} from '@app/database';
import { composeSmsText } from '@app/domain';
import { SmsDeliveryError, SmsProvider } from '@app/messaging';
import { TickBatcher } from '../tick-batcher';
import type { SmsDispatchJob } from './sms-dispatch.policy';

const OUTCOME_UNKNOWN =
  'An earlier attempt ended without the provider’s answer; not sent again, as it may have arrived';

/** One job's attempt; on its last one, a refusal fails the message instead of asking for a retry. */
export interface SmsAttempt {
  job: SmsDispatchJob;
  lastAttempt: boolean;
}

interface Delivery {
  from: string;
  to: string;
  text: string;
}

/** What one claim statement and two reads learnt about the messages of a batch. */
interface ClaimedBatch {
  /** The organization of every job of the batch. */
  entered: OrganizationId;
  /** The messages whose attempt this batch started, by id; each is taken by one attempt only. */
  claimed: Map<string, InteractionEntity>;
  organization: OrganizationEntity | null;
  recipients: Map<string, SmsRecipient>;
}

/**
 * Sends queued SMS through the configured provider, each at most once. Each attempt is recorded
 * (committed) before the provider is called and settled after: SENT with the provider's id, or
 * reopened for a retry when the provider certainly refused it. An attempt that never settled (a
 * crash, or a timeout after the request left) is never repeated: Telnyx takes no idempotency key, so
 * the message becomes FAILED with an "outcome unknown" reason instead of risking a second copy.
 *
 * Everything runs in the jobs' organization, with no transaction open during a send. The jobs of
 * an organization claimed together share their bookkeeping: one statement starts their attempts,
 * the recipients are read once (the organization comes from OrganizationCache), and the sends accepted together are recorded
 * in one statement.
 */
@Injectable()
export class SmsDispatcher {
  constructor(
    private readonly tenant: TenantContext,
    private readonly interactions: InteractionRepository,
    private readonly organizations: OrganizationCache,
    private readonly routing: SmsRoutingRepository,
    private readonly sent: SentSmsRepository,
    private readonly provider: SmsProvider,
  ) {}

  /** The sends accepted in one turn of the event loop, recorded per organization in one statement. */
  private readonly sentBatches = new TickBatcher<SentSms>((organization, sent) => {
    const entered = organizationId(organization);
    return this.tenant.run(entered, () => this.sent.record(entered, sent));
  });

  /** Throws SmsDeliveryError when the provider refused and a later attempt may succeed. */
  dispatch(job: SmsDispatchJob, lastAttempt: boolean): Promise<void> {
    return this.dispatchAll([{ job, lastAttempt }])[0];
  }

  /**
   * Sends the jobs of one organization: returns each one's outcome, in order, settled as soon as
   * that message is (rejected with SmsDeliveryError when a later attempt may succeed).
   */
  dispatchAll(attempts: SmsAttempt[]): Promise<void>[] {
    if (attempts.length === 0) return [];
    const batch = this.claim(attempts);
    return attempts.map(async (attempt) => {
      const claimed = await batch;
      return this.tenant.run(claimed.entered, () => this.attempt(attempt, claimed));
    });
  }

  private async claim(attempts: SmsAttempt[]): Promise<ClaimedBatch> {
    const entered = organizationId(attempts[0].job.organizationId);
    if (attempts.some((attempt) => attempt.job.organizationId !== entered)) {
      throw new Error('dispatchAll takes the jobs of one organization');
    }
    return this.tenant.run(entered, async () => {
      const ids = attempts.map((attempt) => attempt.job.interactionId);
      const claimed = await this.interactions.claimDispatches(entered, ids);
      if (claimed.length === 0) {
        return { entered, claimed: new Map(), organization: null, recipients: new Map() };
      }
      const [directory, recipients] = await Promise.all([
        this.organizations.find(entered),
        this.routing.recipients(
          entered,
          claimed.map((interaction) => interaction.constituentId),
        ),
      ]);
      const byId = new Map(claimed.map((interaction) => [interaction.id, interaction]));
      return { entered, claimed: byId, organization: directory?.organization ?? null, recipients };
    });
  }

  private async attempt({ job, lastAttempt }: SmsAttempt, batch: ClaimedBatch): Promise<void> {
    const { entered } = batch;
    const interaction = batch.claimed.get(job.interactionId);
    if (!interaction) return this.settleUnclaimed(entered, job);
    batch.claimed.delete(job.interactionId);
    const delivery = this.deliveryFor(job, interaction, batch);
    if (typeof delivery === 'string') return this.fail(entered, job, delivery);
    try {
      const accepted = await this.provider.send(delivery);
      await this.sentBatches.add(job.organizationId, {
        interactionId: interaction.id,
        providerMessageId: accepted.messageId,
        from: delivery.from,
        to: delivery.to,
        deliveryStatus: accepted.status,
        carrier: accepted.carrier,
        cost: accepted.cost ?? '0',
        currency: accepted.currency,
      });
    } catch (error) {
      if (!(error instanceof SmsDeliveryError)) throw error;
      if (!error.definite) return this.fail(entered, job, `${error.reason}. ${OUTCOME_UNKNOWN}`);
      if (lastAttempt) return this.fail(entered, job, error.reason);
      await this.interactions.recordRefusedAttempt(entered, job.interactionId, error.reason);
      throw error;
    }
  }

  /** Already settled (nothing to do), or left mid-attempt by an earlier run (never resent). */
  private async settleUnclaimed(entered: OrganizationId, job: SmsDispatchJob): Promise<void> {
    const current = await this.interactions.findById(entered, job.interactionId);
    if (current?.dispatchingSince) await this.fail(entered, job, OUTCOME_UNKNOWN);
  }

  /** The addresses and text, or why the message cannot go out. */
  private deliveryFor(
    job: SmsDispatchJob,
    interaction: InteractionEntity,
    { organization, recipients }: ClaimedBatch,
  ): Delivery | string {
    const recipient = recipients.get(interaction.constituentId);
    if (!recipient?.phone) return 'The recipient has no phone number';
    if (recipient.smsOptedOut && !job.compliance) return 'The recipient opted out of SMS';
    if (organization?.orgStatus === 'DISABLED')
      return 'The organization is disabled: it sends nothing';
    const from = organization ? this.provider.senderFor(organization) : null;
    if (!organization || !from) return 'The organization has no phone number to send SMS from';
    const text = job.compliance
      ? interaction.body
      : composeSmsText(organization.smsSenderName, interaction.body);
    return { from, to: recipient.phone, text };
  }

  private async fail(entered: OrganizationId, job: SmsDispatchJob, reason: string): Promise<void> {
    await this.interactions.advance(entered, job.interactionId, 'FAILED', {
      error: reason,
    });
  }
}
