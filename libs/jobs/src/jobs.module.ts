import { DynamicModule, Global, Module } from '@nestjs/common';
import {
  DatabaseModule,
  IdempotencyKeyRepository,
  InteractionRepository,
  LoginFailureRepository,
  MemberInvitationRepository,
  NeedRepository,
  OrganizationRepository,
  RefreshTokenRepository,
  SmsRoutingRepository,
  TelephonyDetailRecordRepository,
} from '@app/database';
import { MessagingModule } from '@app/messaging';
import { JobQueue } from './job-queue';
import { MaintenanceProcessor } from './maintenance.processor';
import { SlaEscalationProcessor } from './sla-escalation.processor';
import { SmsDispatchProcessor } from './sms/sms-dispatch.processor';
import { SmsDispatcher } from './sms/sms-dispatcher';
import { SmsOutbox } from './sms/sms-outbox';
import { DATABASE_URL } from './tokens';

const PROCESSORS = [MaintenanceProcessor, SmsDispatchProcessor, SlaEscalationProcessor];

/** What the dispatcher and the processors query. */
const JOBS_DATA = DatabaseModule.forFeature([
  InteractionRepository,
  OrganizationRepository,
  SmsRoutingRepository,
  TelephonyDetailRecordRepository,
  NeedRepository,
  RefreshTokenRepository,
  MemberInvitationRepository,
  LoginFailureRepository,
  IdempotencyKeyRepository,
]);

/**
 * The job queue, available everywhere so the API can enqueue; with `runWorkers`, also the
 * processors (in `npm run start:worker`, and in-process for `npm start`).
 */
@Global()
@Module({})
export class JobsModule {
  static forRoot(databaseUrl: string, options: { runWorkers: boolean }): DynamicModule {
    return {
      module: JobsModule,
      imports: [JOBS_DATA, MessagingModule],
      providers: [
        { provide: DATABASE_URL, useValue: databaseUrl },
        JobQueue,
        SmsOutbox,
        SmsDispatcher,
        ...(options.runWorkers ? PROCESSORS : []),
      ],
      exports: [JobQueue, SmsOutbox, SmsDispatcher],
    };
  }
}
