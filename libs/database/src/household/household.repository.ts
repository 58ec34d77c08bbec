import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { lockInIdOrder } from '../sql';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';
import { HouseholdEntity } from './household.entity';

@Injectable()
export class HouseholdRepository {
  constructor(private readonly tenant: TenantContext) {}

  /** A household that has not been merged into another. */
  findLive(organizationId: OrganizationId, householdId: string): Promise<HouseholdEntity | null> {
    return this.tenant.manager.findOneBy(HouseholdEntity, {
      organizationId,
      id: householdId,
      mergedIntoId: IsNull(),
    });
  }

  /**
   * A live household, share-locked (until the transaction ends) so that no merge marks it merged
   * while a member joins it.
   */
  lockLive(organizationId: OrganizationId, householdId: string): Promise<HouseholdEntity | null> {
    return this.tenant.manager.findOne(HouseholdEntity, {
      where: { organizationId, id: householdId, mergedIntoId: IsNull() },
      lock: { mode: 'pessimistic_read' },
    });
  }

  insert(organizationId: OrganizationId): Promise<HouseholdEntity> {
    const manager = this.tenant.manager;
    return manager.save(manager.create(HouseholdEntity, { organizationId }));
  }

  /** Locks the households in id order (after the constituents: the merge lock order). */
  async lockInOrder(organizationId: OrganizationId, ids: string[]): Promise<void> {
    await lockInIdOrder(this.tenant.manager, HouseholdEntity, organizationId, ids);
  }

  async markMerged(
    organizationId: OrganizationId,
    sourceId: string,
    targetId: string,
  ): Promise<void> {
    await this.tenant.manager.update(
      HouseholdEntity,
      { organizationId, id: sourceId },
      { mergedIntoId: targetId },
    );
  }

  /** Undoes markMerged (whichever merge marked it): the household is live again. */
  async unmarkMerged(organizationId: OrganizationId, householdId: string): Promise<void> {
    await this.tenant.manager.update(
      HouseholdEntity,
      { organizationId, id: householdId },
      { mergedIntoId: null },
    );
  }
}
