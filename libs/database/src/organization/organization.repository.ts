import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { OrganizationEntity } from './organization.entity';
import { Database } from '../tenancy/database';

/** The settings columns a client may change (the rest are server-owned). */
export type OrganizationSettingsChanges = Partial<
  Omit<
    OrganizationEntity,
    'id' | 'provisioningStepErrors' | 'phoneNumber' | 'createdAt' | 'updatedAt'
  >
>;

@Injectable()
export class OrganizationRepository {
  constructor(private readonly db: Database) {}

  findById(organizationId: string, manager: EntityManager = this.db.manager) {
    return manager.findOneBy(OrganizationEntity, { id: organizationId });
  }

  findBySlug(slug: string) {
    return this.db.manager.findOneBy(OrganizationEntity, { slug });
  }

  /** Applies the given settings columns; null if the organization does not exist. */
  async updateSettings(
    organizationId: string,
    changes: OrganizationSettingsChanges,
  ): Promise<OrganizationEntity | null> {
    await this.db.manager.update(OrganizationEntity, { id: organizationId }, changes);
    return this.findById(organizationId);
  }
}
