import { Injectable } from '@nestjs/common';
import { NeedHistoryEntity } from './need-history.entity';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';

export type NewNeedHistory = Omit<NeedHistoryEntity, 'id' | 'organizationId' | 'seq' | 'at'>;

@Injectable()
export class NeedHistoryRepository {
  constructor(private readonly tenant: TenantContext) {}

  async record(organizationId: OrganizationId, entries: NewNeedHistory[]): Promise<void> {
    if (entries.length === 0) return;
    await this.tenant.manager.insert(
      NeedHistoryEntity,
      entries.map((entry) => ({ ...entry, organizationId })),
    );
  }

  /** The need's history, oldest first. */
  listForNeed(organizationId: OrganizationId, needId: string): Promise<NeedHistoryEntity[]> {
    return this.tenant.manager
      .createQueryBuilder(NeedHistoryEntity, 'history')
      .where('history.organization_id = :organizationId AND history.need_id = :needId', {
        organizationId,
        needId,
      })
      .orderBy('history.seq', 'ASC')
      .getMany();
  }
}
