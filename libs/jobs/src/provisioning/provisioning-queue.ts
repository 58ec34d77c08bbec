import { Injectable } from '@nestjs/common';
import { JobQueue } from '../job-queue';

export const PROVISIONING_QUEUE = 'telephony.provision';

export interface ProvisioningJob {
  organizationId: string;
}

/** Asks the worker to advance an organization's provisioning run, now or after `delaySeconds`. */
@Injectable()
export class ProvisioningQueue {
  constructor(private readonly queue: JobQueue) {}

  async advance(organizationId: string, delaySeconds = 0): Promise<void> {
    const job: ProvisioningJob = { organizationId };
    await this.queue.send(PROVISIONING_QUEUE, job, {
      startAfter: Math.max(0, Math.ceil(delaySeconds)),
      retryLimit: 5,
      retryDelay: 5,
      expireInSeconds: 300,
      // The worker refreshes it while it runs the job: a killed worker's job is retried in seconds.
      heartbeatSeconds: 10,
    });
  }
}
