import { Module } from '@nestjs/common';
import {
  ConstituentRepository,
  DatabaseModule,
  InteractionRepository,
  NeedRepository,
  OrganizationRepository,
  SmsUsageRepository,
} from '@app/database';
import { JobsModule } from '@app/jobs';
import { MessagingModule } from '@app/messaging';
import { ConstituentsModule } from '../constituents';
import { IdempotencyModule } from '../idempotency';
import { EmailSendService } from './email-send.service';
import { InteractionsService } from './interactions.service';
import { NeedMessageRequests } from './need-message-requests';
import { NeedMessagesController } from './need-messages.controller';
import { SmsSendService } from './sms-send.service';

/** Email and SMS to a need's constituent, and the need's interactions. */
@Module({
  imports: [
    DatabaseModule.forFeature([
      NeedRepository,
      ConstituentRepository,
      OrganizationRepository,
      InteractionRepository,
      SmsUsageRepository,
    ]),
    ConstituentsModule,
    IdempotencyModule,
    MessagingModule,
    JobsModule,
  ],
  controllers: [NeedMessagesController],
  providers: [NeedMessageRequests, SmsSendService, EmailSendService, InteractionsService],
})
export class MessagingApiModule {}
