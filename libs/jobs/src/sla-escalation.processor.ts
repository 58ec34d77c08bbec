import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { NeedRepository, OrganizationId, TenantContext } from '@app/database';
import { JobQueue } from './job-queue';

export const ESCALATE_OVERDUE_JOB = 'needs.escalate-overdue';
const BATCH_SIZE = 500;

/**
 * Every minute: moves NEW needs past their due date to their organization's default partner, once
 * each, recording an ESCALATION (docs/NEED-LIFECYCLE.md, SLA). The organizations with such needs are found
 * across organizations; each one's needs are then escalated in that organization, in batches.
 * Several workers may run it: each takes its own batch (SKIP LOCKED).
 */
@Injectable()
export class SlaEscalationProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger(SlaEscalationProcessor.name);

  constructor(
    private readonly queue: JobQueue,
    private readonly needs: NeedRepository,
    private readonly tenant: TenantContext,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.schedule(ESCALATE_OVERDUE_JOB, '* * * * *');
    await this.queue.work(ESCALATE_OVERDUE_JOB, {}, () => this.escalateOverdue());
  }

  /** Escalates every organization's overdue needs; returns how many needs were escalated. */
  async escalateOverdue(): Promise<number> {
    let total = 0;
    for (const organization of await this.needs.organizationsWithOverdueNeeds()) {
      total += await this.tenant.run(organization, () => this.escalateOrganization(organization));
    }
    if (total > 0) this.logger.log({ escalated: total }, 'Escalated overdue needs');
    return total;
  }

  /** In batches until none is left (or only needs that running updates hold). */
  private async escalateOrganization(organization: OrganizationId): Promise<number> {
    let total = 0;
    let escalated: number;
    do {
      escalated = await this.needs.escalateOverdue(organization, BATCH_SIZE);
      total += escalated;
    } while (escalated === BATCH_SIZE);
    return total;
  }
}
