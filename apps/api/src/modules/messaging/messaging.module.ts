import { Module } from '@nestjs/common';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { EmailSendService } from './email-send.service';
import { InteractionsService } from './interactions.service';
import { NeedMessageRequests } from './need-message-requests';
import { NeedMessagesController } from './need-messages.controller';
import { SmsSendService } from './sms-send.service';

/** Email and SMS to a need's constituent, and the need's interactions. */
@Module({
  imports: [IdempotencyModule],
  controllers: [NeedMessagesController],
  providers: [NeedMessageRequests, SmsSendService, EmailSendService, InteractionsService],
})
export class MessagingApiModule {}
