import { Injectable } from '@nestjs/common';
import { VolunteerShiftEntity } from './volunteer-shift.entity';
import { updateReturning } from '../sql';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';

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

const COLUMNS = `id, organization_id AS "organizationId", volunteer_user_id AS "volunteerUserId",
  partner_id AS "partnerId", start_time AS "startTime", end_time AS "endTime",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Writes fail with SQL state 23P01 when the volunteer already has an overlapping shift. */
@Injectable()
export class VolunteerShiftRepository {
  constructor(private readonly tenant: TenantContext) {}

  /** One INSERT: it needs no transaction of its own. */
  insert(organizationId: OrganizationId, shift: NewShift): Promise<VolunteerShiftEntity> {
    const manager = this.tenant.manager;
    return manager.save(manager.create(VolunteerShiftEntity, { organizationId, ...shift }), {
      transaction: false,
    });
  }

  findById(organizationId: OrganizationId, shiftId: string): Promise<VolunteerShiftEntity | null> {
    return this.tenant.manager.findOneBy(VolunteerShiftEntity, { organizationId, id: shiftId });
  }

  /** The shift with its new window, in one statement; null when it no longer exists. */
  async updateWindow(
    organizationId: OrganizationId,
    shiftId: string,
    window: ShiftWindow,
  ): Promise<VolunteerShiftEntity | null> {
    const [shift] = await updateReturning<VolunteerShiftEntity>(
      this.tenant.manager,
      `UPDATE volunteer_shift SET start_time = $3, end_time = $4, updated_at = now()
        WHERE organization_id = $1 AND id = $2
       RETURNING ${COLUMNS}`,
      [organizationId, shiftId, window.startTime, window.endTime],
    );
    return shift ?? null;
  }

  async delete(organizationId: OrganizationId, shiftId: string): Promise<void> {
    await this.tenant.manager.delete(VolunteerShiftEntity, { organizationId, id: shiftId });
  }

  /** By start time; each filter uses an index led by (organization_id, ...). */
  list(organizationId: OrganizationId, filter: ShiftListFilter): Promise<VolunteerShiftEntity[]> {
    const query = this.tenant.manager
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
