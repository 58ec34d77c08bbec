import { Injectable } from '@nestjs/common';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';
import { OrganizationEmailSettingsEntity } from './organization-email-settings.entity';

export type EmailSettingsValues = Omit<
  OrganizationEmailSettingsEntity,
  'organizationId' | 'updatedAt'
>;

@Injectable()
export class OrganizationEmailSettingsRepository {
  constructor(private readonly tenant: TenantContext) {}

  find(organizationId: OrganizationId): Promise<OrganizationEmailSettingsEntity | null> {
    return this.tenant.manager.findOneBy(OrganizationEmailSettingsEntity, { organizationId });
  }

  /** Replaces the organization's settings in one statement (insert or update). */
  async save(
    organizationId: OrganizationId,
    values: EmailSettingsValues,
  ): Promise<OrganizationEmailSettingsEntity> {
    await this.tenant.manager.upsert(
      OrganizationEmailSettingsEntity,
      { organizationId, ...values, updatedAt: new Date() },
      ['organizationId'],
    );
    return this.tenant.manager.findOneByOrFail(OrganizationEmailSettingsEntity, {
      organizationId,
    });
  }
}
