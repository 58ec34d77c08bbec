import { Module } from '@nestjs/common';
import {
  DatabaseModule,
  IdempotencyKeyRepository,
  InteractionRepository,
  MemberInvitationRepository,
  NeedRepository,
  RefreshTokenRepository,
  SentSmsRepository,
  SmsRoutingRepository,
  SmsUsageRepository,
  WebhookDeliveryRepository,
} from '@app/database';
import { MessagingModule } from '@app/messaging';
import { EventDeliveryProcessor } from './events/event-delivery.processor';
import { SubscriptionUrlPolicy } from './events/subscription-url-policy';
import { WebhookDeliverer } from './events/webhook-deliverer';
import { JobQueue } from './job-queue';
import { MaintenanceProcessor } from './maintenance.processor';
import { ProvisioningProcessorsModule } from './provisioning/provisioning-jobs.module';
import { SlaEscalationProcessor } from './sla-escalation.processor';
import { SmsDispatchProcessor } from './sms/sms-dispatch.processor';
import { SmsDispatcher } from './sms/sms-dispatcher';
import { SmsOutbox } from './sms/sms-outbox';

/** The job queue (one pg-boss per process), and what enqueues and sends SMS: import it to enqueue. */
@Module({
  imports: [
    DatabaseModule.forFeature([InteractionRepository, SentSmsRepository, SmsRoutingRepository]),
    MessagingModule,
  ],
  providers: [JobQueue, SmsOutbox, SmsDispatcher, SubscriptionUrlPolicy],
  exports: [JobQueue, SmsOutbox, SmsDispatcher, SubscriptionUrlPolicy],
})
export class JobsModule {}

/**
 * The background processors (SMS dispatch, SLA escalation, maintenance, event deliveries): in `npm run start:worker`,
 * and in the API process when RUN_WORKERS is true.
 */
@Module({
  imports: [
    JobsModule,
    MessagingModule,
    ProvisioningProcessorsModule.using(JobsModule),
    DatabaseModule.forFeature([
      InteractionRepository,
      NeedRepository,
      RefreshTokenRepository,
      MemberInvitationRepository,
      IdempotencyKeyRepository,
      SmsUsageRepository,
      WebhookDeliveryRepository,
    ]),
  ],
  providers: [
    MaintenanceProcessor,
    SmsDispatchProcessor,
    SlaEscalationProcessor,
    WebhookDeliverer,
    EventDeliveryProcessor,
  ],
})
export class JobProcessorsModule {}
