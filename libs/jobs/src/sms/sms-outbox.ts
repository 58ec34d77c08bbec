import { Injectable } from '@nestjs/common';
import type { TenantTransaction } from '@app/database';
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
  constructor(private readonly queue: JobQueue) {}

  /**
   * Queues the send in the transaction that writes its interaction (`tx`), so it commits with the
   * interaction or not at all; `startAfter` holds it until then (quiet hours).
   */
  async enqueue(
    tx: TenantTransaction,
    job: SmsDispatchJob,
    options: { startAfter: Date | null; maxConcurrency: number },
  ): Promise<void> {
    await this.queue.send(SMS_DISPATCH_QUEUE, job, {
      ...SMS_JOB_POLICY,
      db: transactionDb(tx.manager),
      group: { id: job.organizationId, tier: concurrencyTier(options.maxConcurrency) },
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    });
  }
}
