import { Injectable } from '@nestjs/common';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';
import { MergeAuditEntity } from './merge-audit.entity';

export type NewMergeAudit = Omit<MergeAuditEntity, 'id' | 'organizationId' | 'createdAt'>;

@Injectable()
export class MergeAuditRepository {
  constructor(private readonly tenant: TenantContext) {}

  async insert(organizationId: OrganizationId, audit: NewMergeAudit): Promise<void> {
    await this.tenant.manager.insert(MergeAuditEntity, { organizationId, ...audit });
  }
}
