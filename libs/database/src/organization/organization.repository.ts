import { Injectable } from '@nestjs/common';
import { OrganizationEntity } from './organization.entity';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';

/** The settings columns a client may change (the rest are server-owned). */
export type OrganizationSettingsChanges = Partial<
  Omit<
    OrganizationEntity,
    'id' | 'provisioningStepErrors' | 'phoneNumber' | 'createdAt' | 'updatedAt'
  >
>;

/**
 * The entered organization's own row. Row-level security admits no other: an id that is not the
 * entered organization's (or names no organization) finds nothing.
 */
@Injectable()
export class OrganizationRepository {
  constructor(private readonly tenant: TenantContext) {}

  findById(organizationId: OrganizationId): Promise<OrganizationEntity | null> {
    return this.tenant.manager.findOneBy(OrganizationEntity, { id: organizationId });
  }

  /** Applies the given settings columns; null if the organization does not exist. */
  async updateSettings(
    organizationId: OrganizationId,
    changes: OrganizationSettingsChanges,
  ): Promise<OrganizationEntity | null> {
    await this.tenant.manager.update(OrganizationEntity, { id: organizationId }, changes);
    return this.findById(organizationId);
  }
}
