import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { AuthContext } from '@app/auth';
import {
  ConstituentRepository,
  Database,
  InteractionRepository,
  NeedEntity,
  NewInteraction,
} from '@app/database';
import { emailParts } from '@app/domain';
import { DomainError } from '@app/http';
import { EmailDeliveryError, OrganizationMailer } from '@app/messaging';
import type { StoredResponse } from '../idempotency';
import { NeedMessageRequests } from './need-message-requests';
import type { EmailSentDto, SendEmailDto } from './messaging.dto';

/**
 * Emails a need's constituent through the organization's provider and records the interaction:
 * SENT with the provider's message id, or FAILED with the provider's reason (then a 400).
 */
@Injectable()
export class EmailSendService {
  constructor(
    private readonly db: Database,
    private readonly requests: NeedMessageRequests,
    private readonly constituents: ConstituentRepository,
    private readonly interactions: InteractionRepository,
    private readonly mailer: OrganizationMailer,
  ) {}

  send(
    auth: AuthContext,
    needId: string,
    input: SendEmailDto,
    idempotencyKey: string | undefined,
  ): Promise<StoredResponse<EmailSentDto>> {
    return this.requests.run(
      auth,
      { endpoint: 'POST /api/needs/{id}/email', needId, body: input, idempotencyKey },
      (manager, need) => this.deliver(manager, auth, need, input),
    );
  }

  private async deliver(
    manager: EntityManager,
    auth: AuthContext,
    need: NeedEntity,
    input: SendEmailDto,
  ): Promise<StoredResponse<EmailSentDto>> {
    const constituent =
      need.constituentId &&
      (await this.constituents.findLive(auth.organizationId, need.constituentId, manager));
    if (!constituent || !constituent.email) {
      throw new DomainError(
        'no-recipient-contact',
        'The need has no constituent with an email address',
      );
    }
    const interaction: NewInteraction = {
      organizationId: auth.organizationId,
      needId: need.id,
      constituentId: constituent.id,
      channel: 'EMAIL',
      direction: 'OUTBOUND',
      subject: input.subject,
      body: input.body,
      status: 'SENT',
      createdBy: auth.memberId,
      scheduledFor: null,
    };
    let result;
    try {
      result = await this.mailer.send(auth.organizationId, {
        to: constituent.email,
        subject: input.subject,
        ...emailParts(input.body),
      });
    } catch (error) {
      if (!(error instanceof EmailDeliveryError)) throw error;
      // Outside the request's transaction, which the 400 rolls back: the failure stays on record.
      await this.db.outsideTransaction((outside) =>
        this.interactions.insert(outside, {
          ...interaction,
          status: 'FAILED',
          error: error.reason,
        }),
      );
      throw new DomainError('email-send-failed', `The email could not be sent: ${error.reason}`);
    }
    if (result.status === 'NOT_SENT') {
      throw new DomainError(
        'email-send-failed',
        'The organization has no email provider configured',
      );
    }
    const sent = await this.interactions.insert(manager, {
      ...interaction,
      providerMessageId: result.messageId,
      sentAt: new Date(),
    });
    return { status: 200, body: { interactionId: sent.id, messageId: result.messageId } };
  }
}
