import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MergeAuditEntity } from './merge-audit.entity';

export type NewMergeAudit = Omit<MergeAuditEntity, 'id' | 'organizationId' | 'createdAt'>;

@Injectable()
export class MergeAuditRepository {
  async insert(
    manager: EntityManager,
    organizationId: string,
    audit: NewMergeAudit,
  ): Promise<void> {
    await manager.insert(MergeAuditEntity, { organizationId, ...audit });
  }
}
