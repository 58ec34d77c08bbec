import { Injectable } from '@nestjs/common';
import { ProvisioningRepository } from '@app/database';
import { ProvisioningQueue } from '@app/jobs';
import type { ProvisioningEvent } from './provisioning-event';

/** A provisioning event advances the run that created its object at once (instead of at the next poll). */
@Injectable()
export class ProvisioningEventsService {
  constructor(
    private readonly provisioning: ProvisioningRepository,
    private readonly queue: ProvisioningQueue,
  ) {}

  async advance(event: ProvisioningEvent): Promise<void> {
    const organization = await this.provisioning.organizationByProviderId(
      event.step,
      event.providerId,
    );
    if (organization) await this.queue.advance(organization);
  }
}
