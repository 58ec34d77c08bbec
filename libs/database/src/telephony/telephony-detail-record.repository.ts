import { Injectable } from '@nestjs/common';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';
import { TelephonyDetailRecordEntity, TelephonyDirection } from './telephony-detail-record.entity';

export type NewTelephonyDetailRecord = Omit<
  TelephonyDetailRecordEntity,
  'id' | 'organizationId' | 'createdAt'
> &
  Partial<Pick<TelephonyDetailRecordEntity, 'createdAt'>>;

export interface TelephonyRecordFilter {
  direction?: TelephonyDirection;
  /** [from, to) on created_at. */
  createdFrom?: Date;
  createdTo?: Date;
}

export interface TelephonyRecordPage {
  records: TelephonyDetailRecordEntity[];
  total: number;
}

@Injectable()
export class TelephonyDetailRecordRepository {
  constructor(private readonly tenant: TenantContext) {}

  /** Records once per provider event: false when the event was already recorded. */
  async insert(organizationId: OrganizationId, record: NewTelephonyDetailRecord): Promise<boolean> {
    const result = await this.tenant.manager
      .createQueryBuilder()
      .insert()
      .into(TelephonyDetailRecordEntity)
      .values({ ...record, organizationId })
      .orIgnore()
      .returning('id')
      .execute();
    return (result.raw as unknown[]).length > 0;
  }

  /** One page, newest first, and how many records match in all. */
  async page(
    organizationId: OrganizationId,
    filter: TelephonyRecordFilter,
    page: number,
    pageSize: number,
  ): Promise<TelephonyRecordPage> {
    const query = this.tenant.manager
      .createQueryBuilder(TelephonyDetailRecordEntity, 'record')
      .where('record.organization_id = :organizationId', { organizationId });
    if (filter.direction) {
      query.andWhere('record.direction = :direction', { direction: filter.direction });
    }
    if (filter.createdFrom) {
      query.andWhere('record.created_at >= :from', { from: filter.createdFrom });
    }
    if (filter.createdTo) query.andWhere('record.created_at < :to', { to: filter.createdTo });
    const [records, counted] = await Promise.all([
      query
        .clone()
        .orderBy('record.created_at', 'DESC')
        .addOrderBy('record.id', 'DESC')
        .offset((page - 1) * pageSize)
        .limit(pageSize)
        .getMany(),
      query.clone().select('count(*)::int', 'total').getRawOne<{ total: number }>(),
    ]);
    return { records, total: counted?.total ?? 0 };
  }
}
