import { Injectable } from '@nestjs/common';
import { EntityManager, IsNull } from 'typeorm';
import { lockInIdOrder } from '../sql';
import { HouseholdEntity } from './household.entity';
import { Database } from '../tenancy/database';

@Injectable()
export class HouseholdRepository {
  constructor(private readonly db: Database) {}

  /** A household that has not been merged into another. */
  findLive(
    organizationId: string,
    householdId: string,
    manager: EntityManager = this.db.manager,
  ): Promise<HouseholdEntity | null> {
    return manager.findOneBy(HouseholdEntity, {
      organizationId,
      id: householdId,
      mergedIntoId: IsNull(),
    });
  }

  /** A live household, share-locked so that no merge marks it merged while a member joins it. */
  lockLive(
    manager: EntityManager,
    organizationId: string,
    householdId: string,
  ): Promise<HouseholdEntity | null> {
    return manager.findOne(HouseholdEntity, {
      where: { organizationId, id: householdId, mergedIntoId: IsNull() },
      lock: { mode: 'pessimistic_read' },
    });
  }

  insert(manager: EntityManager, organizationId: string): Promise<HouseholdEntity> {
    return manager.save(manager.create(HouseholdEntity, { organizationId }));
  }

  /** Locks the households in id order (after the constituents: the merge lock order). */
  async lockInOrder(manager: EntityManager, organizationId: string, ids: string[]): Promise<void> {
    await lockInIdOrder(manager, HouseholdEntity, organizationId, ids);
  }

  async markMerged(
    manager: EntityManager,
    organizationId: string,
    sourceId: string,
    targetId: string,
  ): Promise<void> {
    await manager.update(
      HouseholdEntity,
      { organizationId, id: sourceId },
      { mergedIntoId: targetId },
    );
  }
}
