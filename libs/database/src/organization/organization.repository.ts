import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { OrganizationEntity } from './organization.entity';

/** The settings columns a client may change (the rest are server-owned). */
export type OrganizationSettingsChanges = Partial<
  Omit<
    OrganizationEntity,
    'id' | 'provisioningStepErrors' | 'phoneNumber' | 'createdAt' | 'updatedAt'
  >
>;

@Injectable()
export class OrganizationRepository {
  constructor(private readonly dataSource: DataSource) {}

  findById(organizationId: string, manager: EntityManager = this.dataSource.manager) {
    return manager.findOneBy(OrganizationEntity, { id: organizationId });
  }

  findBySlug(slug: string) {
    return this.dataSource.manager.findOneBy(OrganizationEntity, { slug });
  }

  /** Applies the given settings columns; null if the organization does not exist. */
  async updateSettings(
    organizationId: string,
    changes: OrganizationSettingsChanges,
  ): Promise<OrganizationEntity | null> {
    await this.dataSource.manager.update(OrganizationEntity, { id: organizationId }, changes);
    return this.findById(organizationId);
  }
}
