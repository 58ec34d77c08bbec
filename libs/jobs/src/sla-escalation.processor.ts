import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Database, NeedRepository } from '@app/database';
import { JobQueue } from './job-queue';

export const ESCALATE_OVERDUE_JOB = 'needs.escalate-overdue';
const BATCH_SIZE = 500;

/**
 * Every minute: moves NEW needs past their due date to their organization's default partner, once
 * each, recording an ESCALATION (API.md section 4). Several workers may run it: each takes its own
 * batch (SKIP LOCKED).
 */
@Injectable()
export class SlaEscalationProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger(SlaEscalationProcessor.name);

  constructor(
    private readonly queue: JobQueue,
    private readonly needs: NeedRepository,
    private readonly db: Database,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.schedule(ESCALATE_OVERDUE_JOB, '* * * * *');
    await this.queue.work(ESCALATE_OVERDUE_JOB, {}, () => this.escalateOverdue());
  }

  /** Escalates in batches until none is left; returns how many needs were escalated. */
  escalateOverdue(): Promise<number> {
    return this.db.asSystem(() => this.escalateAll());
  }

  private async escalateAll(): Promise<number> {
    let total = 0;
    let escalated: number;
    do {
      escalated = await this.needs.escalateOverdue(BATCH_SIZE);
      total += escalated;
    } while (escalated === BATCH_SIZE);
    if (total > 0) this.logger.log({ escalated: total }, 'Escalated overdue needs');
    return total;
  }
}
