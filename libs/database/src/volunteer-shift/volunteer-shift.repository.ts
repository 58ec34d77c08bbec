import { Injectable } from '@nestjs/common';
import { VolunteerShiftEntity } from './volunteer-shift.entity';
import { Database } from '../tenancy/database';

export type ShiftWindow = Pick<VolunteerShiftEntity, 'startTime' | 'endTime'>;
export type NewShift = Pick<VolunteerShiftEntity, 'volunteerUserId' | 'partnerId'> & ShiftWindow;

export interface ShiftListFilter {
  volunteerUserId?: string;
  partnerId?: string;
  /** Only shifts overlapping [from, to). */
  from?: Date;
  to?: Date;
  limit: number;
}

/** Writes fail with SQL state 23P01 when the volunteer already has an overlapping shift. */
@Injectable()
export class VolunteerShiftRepository {
  constructor(private readonly db: Database) {}

  insert(organizationId: string, shift: NewShift): Promise<VolunteerShiftEntity> {
    const manager = this.db.manager;
    return manager.save(manager.create(VolunteerShiftEntity, { organizationId, ...shift }));
  }

  findById(organizationId: string, shiftId: string): Promise<VolunteerShiftEntity | null> {
    return this.db.manager.findOneBy(VolunteerShiftEntity, { organizationId, id: shiftId });
  }

  async updateWindow(
    organizationId: string,
    shiftId: string,
    window: ShiftWindow,
  ): Promise<VolunteerShiftEntity> {
    const manager = this.db.manager;
    await manager.update(VolunteerShiftEntity, { organizationId, id: shiftId }, window);
    return manager.findOneByOrFail(VolunteerShiftEntity, { organizationId, id: shiftId });
  }

  async delete(organizationId: string, shiftId: string): Promise<void> {
    await this.db.manager.delete(VolunteerShiftEntity, { organizationId, id: shiftId });
  }

  /** By start time; each filter uses an index led by (organization_id, ...). */
  list(organizationId: string, filter: ShiftListFilter): Promise<VolunteerShiftEntity[]> {
    const query = this.db.manager
      .createQueryBuilder(VolunteerShiftEntity, 'shift')
      .where('shift.organization_id = :organizationId', { organizationId })
      .orderBy('shift.start_time', 'ASC')
      .addOrderBy('shift.id', 'ASC')
      .limit(filter.limit);
    if (filter.volunteerUserId) {
      query.andWhere('shift.volunteer_user_id = :volunteerUserId', filter);
    }
    if (filter.partnerId) query.andWhere('shift.partner_id = :partnerId', filter);
    if (filter.from) query.andWhere('shift.end_time > :from', filter);
    if (filter.to) query.andWhere('shift.start_time < :to', filter);
    return query.getMany();
  }
}
