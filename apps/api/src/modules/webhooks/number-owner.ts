import { Injectable } from '@nestjs/common';
import {
  OrganizationEntity,
  organizationId,
  SmsRoutingRepository,
  TenantContext,
} from '@app/database';

/** Provider events name a phone number; the organization owning it is the one they belong to. */
@Injectable()
export class NumberOwner {
  constructor(
    private readonly routing: SmsRoutingRepository,
    private readonly tenant: TenantContext,
  ) {}

  /**
   * Runs `work` inside the organization owning `number` (found as the system role); does nothing
   * when no organization owns it.
   */
  async run(
    number: string,
    work: (organization: OrganizationEntity) => Promise<void>,
  ): Promise<void> {
    const organization = await this.routing.organizationByNumber(number);
    if (!organization) return;
    await this.tenant.run(organizationId(organization.id), () => work(organization));
  }
}
