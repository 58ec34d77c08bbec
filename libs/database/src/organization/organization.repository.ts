import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { OrganizationEntity } from './organization.entity';

@Injectable()
export class OrganizationRepository {
  constructor(private readonly dataSource: DataSource) {}

  findById(organizationId: string, manager: EntityManager = this.dataSource.manager) {
    return manager.findOneBy(OrganizationEntity, { id: organizationId });
  }

  findBySlug(slug: string) {
    return this.dataSource.manager.findOneBy(OrganizationEntity, { slug });
  }
}
