import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrganizationEmailSettingsEntity } from './organization-email-settings.entity';

export type EmailSettingsValues = Omit<
  OrganizationEmailSettingsEntity,
  'organizationId' | 'updatedAt'
>;

@Injectable()
export class OrganizationEmailSettingsRepository {
  constructor(private readonly dataSource: DataSource) {}

  find(organizationId: string): Promise<OrganizationEmailSettingsEntity | null> {
    return this.dataSource.manager.findOneBy(OrganizationEmailSettingsEntity, { organizationId });
  }

  /** Replaces the organization's settings in one statement (insert or update). */
  async save(
    organizationId: string,
    values: EmailSettingsValues,
  ): Promise<OrganizationEmailSettingsEntity> {
    await this.dataSource.manager.upsert(
      OrganizationEmailSettingsEntity,
      { organizationId, ...values, updatedAt: new Date() },
      ['organizationId'],
    );
    return this.dataSource.manager.findOneByOrFail(OrganizationEmailSettingsEntity, {
      organizationId,
    });
  }
}
