import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { organizationId, ProvisioningRepository } from '@app/database';
import { JobQueue } from '../job-queue';
import { PROVISIONING_QUEUE, ProvisioningJob, ProvisioningQueue } from './provisioning-queue';
import { ProvisioningRunner } from './provisioning-runner';

const SWEEP_JOB = 'telephony.provision-sweep';
/** A run whose job is this late was lost (its worker died before sending it): it is sent again. */
const LOST_AFTER_SECONDS = 120;

/**
 * Runs the provisioning jobs, and each minute re-sends the job of any run whose job was lost (a
 * worker killed between giving a run back and sending its next job, or a lease that expired).
 */
@Injectable()
export class ProvisioningProcessor implements OnApplicationBootstrap {
  constructor(
    private readonly queue: JobQueue,
    private readonly runner: ProvisioningRunner,
    private readonly provisioning: ProvisioningRepository,
    private readonly provisioningQueue: ProvisioningQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.work<ProvisioningJob>(
      PROVISIONING_QUEUE,
      { pollingIntervalSeconds: 1, batchSize: 4 },
      async (jobs) => {
        for (const job of jobs) await this.runner.advance(organizationId(job.data.organizationId));
      },
    );
    await this.queue.schedule(SWEEP_JOB, '* * * * *');
    await this.queue.work(SWEEP_JOB, {}, () => this.sweep());
  }

  async sweep(): Promise<void> {
    for (const organization of await this.provisioning.overdueRuns(LOST_AFTER_SECONDS)) {
      await this.provisioningQueue.advance(organization);
    }
  }
}
