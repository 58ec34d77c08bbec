import { Injectable } from '@nestjs/common';
import { PartnerEntity } from './partner.entity';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';

export type NewPartner = Omit<PartnerEntity, 'id' | 'organizationId' | 'createdAt' | 'updatedAt'>;
/** Fields left undefined stay unchanged. */
export type PartnerChanges = Partial<NewPartner>;

@Injectable()
export class PartnerRepository {
  constructor(private readonly tenant: TenantContext) {}

  findById(organizationId: OrganizationId, partnerId: string): Promise<PartnerEntity | null> {
    return this.tenant.manager.findOneBy(PartnerEntity, { organizationId, id: partnerId });
  }

  /** Locks the row until the transaction ends (call inside tenant.transaction). */
  findForUpdate(organizationId: OrganizationId, partnerId: string): Promise<PartnerEntity | null> {
    return this.tenant.manager.findOne(PartnerEntity, {
      where: { organizationId, id: partnerId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** The organization's fallback triage partner, if it has one. */
  findDefault(organizationId: OrganizationId): Promise<PartnerEntity | null> {
    return this.tenant.manager.findOneBy(PartnerEntity, { organizationId, isDefault: true });
  }

  /** Every partner of the organization, archived ones included, by name. */
  list(organizationId: OrganizationId): Promise<PartnerEntity[]> {
    return this.tenant.manager.find(PartnerEntity, {
      where: { organizationId },
      order: { name: 'ASC', id: 'ASC' },
    });
  }

  insert(organizationId: OrganizationId, partner: NewPartner): Promise<PartnerEntity> {
    const manager = this.tenant.manager;
    return manager.save(manager.create(PartnerEntity, { ...partner, organizationId }));
  }

  async update(
    organizationId: OrganizationId,
    partnerId: string,
    changes: PartnerChanges,
  ): Promise<PartnerEntity> {
    const manager = this.tenant.manager;
    await manager.update(PartnerEntity, { organizationId, id: partnerId }, changes);
    return manager.findOneByOrFail(PartnerEntity, { organizationId, id: partnerId });
  }

  /**
   * Serializes default-partner switches of one organization until the transaction ends, so that
   * clearing the old default and setting the new one never interleave with another switch (call
   * inside tenant.transaction).
   */
  async lockDefaultSwitch(organizationId: OrganizationId): Promise<void> {
    await this.tenant.manager.query(
      `SELECT pg_advisory_xact_lock(hashtextextended('partner-default:' || $1, 0))`,
      [organizationId],
    );
  }

  async clearDefault(organizationId: OrganizationId): Promise<void> {
    await this.tenant.manager.update(
      PartnerEntity,
      { organizationId, isDefault: true },
      { isDefault: false },
    );
  }
}
