import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { alphanumericSenderId } from '@app/domain';
import { OutgoingSms, SmsAcceptance, SmsProvider, SmsSenderSource } from './sms-provider';

/**
 * For development: logs that a message would be sent (its length, never the number or the text) and
 * accepts it. Without a provisioned number it sends from an alphanumeric id made of the sender name
 * (or the organization's name), so SMS works out of the box.
 */
export class LogSmsProvider extends SmsProvider {
  private readonly logger = new Logger(LogSmsProvider.name);

  senderFor(organization: SmsSenderSource): string | null {
    return (
      organization.phoneNumber ??
      alphanumericSenderId(organization.smsSenderName ?? organization.name) ??
      'SMS'
    );
  }

  async send(message: OutgoingSms): Promise<SmsAcceptance> {
    const messageId = randomUUID();
    this.logger.log(`SMS ${messageId} logged, not sent (${message.text.length} characters)`);
    return { messageId, status: 'logged', carrier: null, cost: '0', currency: null };
  }
}
