import { Injectable } from '@nestjs/common';
import { TenantContext } from '@app/database';
import { JobQueue } from '../job-queue';
import { transactionDb } from '../transaction-db';
import {
  concurrencyTier,
  SMS_DISPATCH_QUEUE,
  SMS_JOB_POLICY,
  SmsDispatchJob,
} from './sms-dispatch.policy';

/** The transactional outbox of outgoing SMS: the send job is written with the interaction. */
@Injectable()
export class SmsOutbox {
  constructor(
    private readonly queue: JobQueue,
    private readonly tenant: TenantContext,
  ) {}

  /**
   * Queues the send in the caller's tenant.transaction, so it commits with the interaction or not
   * at all; `startAfter` holds it until then (quiet hours).
   */
  async enqueue(
    job: SmsDispatchJob,
    options: { startAfter: Date | null; maxConcurrency: number },
  ): Promise<void> {
    if (!this.tenant.inTransaction) {
      throw new Error(
        'SmsOutbox.enqueue must run inside the tenant.transaction of its interaction',
      );
    }
    await this.queue.send(SMS_DISPATCH_QUEUE, job, {
      ...SMS_JOB_POLICY,
      db: transactionDb(this.tenant.manager),
      group: { id: job.organizationId, tier: concurrencyTier(options.maxConcurrency) },
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    });
  }
}
