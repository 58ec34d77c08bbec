import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { NeedHistoryEntity } from './need-history.entity';
import { Database } from '../tenancy/database';

export type NewNeedHistory = Omit<NeedHistoryEntity, 'id' | 'seq' | 'at'>;

@Injectable()
export class NeedHistoryRepository {
  constructor(private readonly db: Database) {}

  async record(manager: EntityManager, entries: NewNeedHistory[]): Promise<void> {
    if (entries.length > 0) await manager.insert(NeedHistoryEntity, entries);
  }

  /** The need's history, oldest first. */
  listForNeed(organizationId: string, needId: string): Promise<NeedHistoryEntity[]> {
    return this.db.manager
      .createQueryBuilder(NeedHistoryEntity, 'history')
      .where('history.organization_id = :organizationId AND history.need_id = :needId', {
        organizationId,
        needId,
      })
      .orderBy('history.seq', 'ASC')
      .getMany();
  }
}
