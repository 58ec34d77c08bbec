import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { PartnerEntity } from './partner.entity';
import { Database } from '../tenancy/database';

export type NewPartner = Omit<PartnerEntity, 'id' | 'createdAt' | 'updatedAt'>;
/** Fields left undefined stay unchanged. */
export type PartnerChanges = Partial<Omit<NewPartner, 'organizationId'>>;

@Injectable()
export class PartnerRepository {
  constructor(private readonly db: Database) {}

  findById(
    organizationId: string,
    partnerId: string,
    manager: EntityManager = this.db.manager,
  ): Promise<PartnerEntity | null> {
    return manager.findOneBy(PartnerEntity, { organizationId, id: partnerId });
  }

  /** Locks the row until the transaction ends. */
  findForUpdate(
    manager: EntityManager,
    organizationId: string,
    partnerId: string,
  ): Promise<PartnerEntity | null> {
    return manager.findOne(PartnerEntity, {
      where: { organizationId, id: partnerId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** The organization's fallback triage partner, if it has one. */
  findDefault(
    organizationId: string,
    manager: EntityManager = this.db.manager,
  ): Promise<PartnerEntity | null> {
    return manager.findOneBy(PartnerEntity, { organizationId, isDefault: true });
  }

  /** Every partner of the organization, archived ones included, by name. */
  list(organizationId: string, manager: EntityManager = this.db.manager): Promise<PartnerEntity[]> {
    return manager.find(PartnerEntity, {
      where: { organizationId },
      order: { name: 'ASC', id: 'ASC' },
    });
  }

  insert(manager: EntityManager, partner: NewPartner): Promise<PartnerEntity> {
    return manager.save(manager.create(PartnerEntity, partner));
  }

  async update(
    manager: EntityManager,
    organizationId: string,
    partnerId: string,
    changes: PartnerChanges,
  ): Promise<PartnerEntity> {
    await manager.update(PartnerEntity, { organizationId, id: partnerId }, changes);
    return manager.findOneByOrFail(PartnerEntity, { organizationId, id: partnerId });
  }

  /**
   * Serializes default-partner switches of one organization until the transaction ends, so that
   * clearing the old default and setting the new one never interleave with another switch.
   */
  async lockDefaultSwitch(manager: EntityManager, organizationId: string): Promise<void> {
    await manager.query(
      `SELECT pg_advisory_xact_lock(hashtextextended('partner-default:' || $1, 0))`,
      [organizationId],
    );
  }

  async clearDefault(manager: EntityManager, organizationId: string): Promise<void> {
    await manager.update(PartnerEntity, { organizationId, isDefault: true }, { isDefault: false });
  }
}
