import { Module } from '@nestjs/common';
import {
  DatabaseModule,
  IdempotencyKeyRepository,
  InteractionRepository,
  MemberInvitationRepository,
  NeedRepository,
  OrganizationRepository,
  RefreshTokenRepository,
  SentSmsRepository,
  SmsRoutingRepository,
  SmsUsageRepository,
} from '@app/database';
import { MessagingModule } from '@app/messaging';
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
    DatabaseModule.forFeature([
      InteractionRepository,
      OrganizationRepository,
      SentSmsRepository,
      SmsRoutingRepository,
    ]),
    MessagingModule,
  ],
  providers: [JobQueue, SmsOutbox, SmsDispatcher],
  exports: [JobQueue, SmsOutbox, SmsDispatcher],
})
export class JobsModule {}

/**
 * The background processors (SMS dispatch, SLA escalation, maintenance): in `npm run start:worker`,
 * and in the API process when RUN_WORKERS is true.
 */
@Module({
  imports: [
    JobsModule,
    ProvisioningProcessorsModule.using(JobsModule),
    DatabaseModule.forFeature([
      InteractionRepository,
      NeedRepository,
      RefreshTokenRepository,
      MemberInvitationRepository,
      IdempotencyKeyRepository,
      SmsUsageRepository,
    ]),
  ],
  providers: [MaintenanceProcessor, SmsDispatchProcessor, SlaEscalationProcessor],
})
export class JobProcessorsModule {}
