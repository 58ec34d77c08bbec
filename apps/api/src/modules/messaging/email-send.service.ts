import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@app/auth';
import {
  ConstituentRepository,
  InteractionEntity,
  InteractionRepository,
  type OrganizationId,
} from '@app/database';
import { emailParts } from '@app/domain';
import { DomainError } from '@app/http';
import { EmailDeliveryError, MailResult, OrganizationMailer } from '@app/messaging';
import { ConstituentConsents } from '../constituents';
import { NeedMessageRequests } from './need-message-requests';
import type { EmailSentDto, SendEmailDto } from './messaging.dto';

const NO_PROVIDER = 'The organization has no email provider configured';

/**
 * Emails a need's constituent through the organization's provider and records the interaction:
 * SENT with the provider's message id, or FAILED with the provider's reason (then a 400).
 *
 * The provider is called with no transaction open, between two committed writes: the interaction
 * is recorded first as a send under way (QUEUED, its attempt begun), then settled with the
 * provider's answer. One left unsettled by a crash in between is failed by the maintenance job.
 */
@Injectable()
export class EmailSendService {
  constructor(
    private readonly requests: NeedMessageRequests,
    private readonly constituents: ConstituentRepository,
    private readonly interactions: InteractionRepository,
    private readonly mailer: OrganizationMailer,
    private readonly consents: ConstituentConsents,
  ) {}

  async send(auth: AuthContext, needId: string, input: SendEmailDto): Promise<EmailSentDto> {
    const { interaction, to } = await this.begin(auth, needId, input);
    let result: MailResult;
    try {
      result = await this.mailer.send(auth.organizationId, {
        to,
        subject: input.subject,
        ...emailParts(input.body),
      });
    } catch (error) {
      if (!(error instanceof EmailDeliveryError)) throw error;
      await this.fail(auth.organizationId, interaction, error.reason);
      throw new DomainError('email-send-failed', `The email could not be sent: ${error.reason}`);
    }
    if (result.status === 'NOT_SENT') {
      await this.fail(auth.organizationId, interaction, NO_PROVIDER);
      throw new DomainError('email-send-failed', NO_PROVIDER);
    }
    await this.interactions.recordSent(auth.organizationId, interaction.id, result.messageId);
    return { interactionId: interaction.id, messageId: result.messageId };
  }

  /**
   * Checks the recipient (its address, its consents) and the provider (a refusal records nothing),
   * then records the send as under way, committed before the provider is called.
   */
  private async begin(
    auth: AuthContext,
    needId: string,
    input: SendEmailDto,
  ): Promise<{ interaction: InteractionEntity; to: string }> {
    const need = await this.requests.messageableNeed(auth, needId);
    const constituent =
      need.constituentId &&
      (await this.constituents.findLive(auth.organizationId, need.constituentId));
    if (!constituent || !constituent.email) {
      throw new DomainError(
        'no-recipient-contact',
        'The need has no constituent with an email address',
      );
    }
    await this.consents.assertMayMessage(auth, constituent.id, 'EMAIL');
    if (!(await this.mailer.hasSender(auth.organizationId))) {
      throw new DomainError('email-send-failed', NO_PROVIDER);
    }
    const interaction = await this.interactions.insertSending(auth.organizationId, {
      needId: need.id,
      constituentId: constituent.id,
      channel: 'EMAIL',
      direction: 'OUTBOUND',
      subject: input.subject,
      body: input.body,
      createdBy: auth.memberId,
    });
    return { interaction, to: constituent.email };
  }

  /** Kept on record: the 400 that follows does not take it back. */
  private async fail(
    organizationId: OrganizationId,
    interaction: InteractionEntity,
    reason: string,
  ): Promise<void> {
    await this.interactions.advance(organizationId, interaction.id, 'FAILED', {
      error: reason,
    });
  }
}
