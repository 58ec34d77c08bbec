import { Injectable } from '@nestjs/common';
import { NeedHistoryEntity } from './need-history.entity';
import { TenantContext } from '../tenancy/tenant-context';

export type NewNeedHistory = Omit<NeedHistoryEntity, 'id' | 'seq' | 'at'>;

@Injectable()
export class NeedHistoryRepository {
  constructor(private readonly tenant: TenantContext) {}

  async record(entries: NewNeedHistory[]): Promise<void> {
    if (entries.length > 0) await this.tenant.manager.insert(NeedHistoryEntity, entries);
  }

  /** The need's history, oldest first. */
  listForNeed(organizationId: string, needId: string): Promise<NeedHistoryEntity[]> {
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
