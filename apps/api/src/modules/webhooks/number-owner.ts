import { Injectable } from '@nestjs/common';
import {
  type OrganizationId,
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
    work: (entered: OrganizationId, organization: OrganizationEntity) => Promise<void>,
  ): Promise<void> {
    const organization = await this.routing.organizationByNumber(number);
    if (!organization) return;
    const entered = organizationId(organization.id);
    await this.tenant.run(entered, () => work(entered, organization));
  }
}
