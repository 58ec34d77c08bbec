import { Injectable } from '@nestjs/common';
import { OrganizationEmailSettingsEntity } from './organization-email-settings.entity';
import { Database } from '../tenancy/database';

export type EmailSettingsValues = Omit<
  OrganizationEmailSettingsEntity,
  'organizationId' | 'updatedAt'
>;

@Injectable()
export class OrganizationEmailSettingsRepository {
  constructor(private readonly db: Database) {}

  find(organizationId: string): Promise<OrganizationEmailSettingsEntity | null> {
    return this.db.manager.findOneBy(OrganizationEmailSettingsEntity, { organizationId });
  }

  /** Replaces the organization's settings in one statement (insert or update). */
  async save(
    organizationId: string,
    values: EmailSettingsValues,
  ): Promise<OrganizationEmailSettingsEntity> {
    await this.db.manager.upsert(
      OrganizationEmailSettingsEntity,
      { organizationId, ...values, updatedAt: new Date() },
      ['organizationId'],
    );
    return this.db.manager.findOneByOrFail(OrganizationEmailSettingsEntity, {
      organizationId,
    });
  }
}
