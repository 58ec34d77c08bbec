import { Injectable } from '@nestjs/common';
import { Permission } from '@assist/contracts';
import { AuthContext, can } from '@app/auth';
import {
  OrganizationEntity,
  OrganizationRepository,
  TelephonyDetailRecordRepository,
} from '@app/database';
import { parseDateRange } from '@app/domain';
import { DomainError } from '@app/http';
import {
  DEFAULT_PAGE_SIZE,
  TelephonyRecordsPageDto,
  TelephonyRecordsQueryDto,
  toTelephonyDetailRecord,
} from './telephony.dto';

@Injectable()
export class TelephonyService {
  constructor(
    private readonly organizations: OrganizationRepository,
    private readonly records: TelephonyDetailRecordRepository,
  ) {}

  /**
   * A page of the caller's own organization's records, newest first, the constituents' numbers
   * masked without pii_reader; any other organization is a 404.
   */
  async listRecords(
    auth: AuthContext,
    id: string,
    query: TelephonyRecordsQueryDto,
  ): Promise<TelephonyRecordsPageDto> {
    if (id !== auth.organizationId) throw DomainError.notFound('Organization');
    const { organizationId } = auth;
    const organization = (await this.organizations.findById(organizationId)) as OrganizationEntity;
    const dates = query.date_range
      ? parseDateRange(query.date_range, new Date(), organization.timezone)
      : null;
    if (dates && 'problem' in dates) throw DomainError.invalid('date_range', dates.problem);
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
    const { records, total } = await this.records.page(
      organizationId,
      {
        direction: query.direction,
        createdFrom: dates?.range.from,
        createdTo: dates?.range.to,
      },
      page,
      pageSize,
    );
    const canReadPii = can(auth, Permission.PiiRead);
    return {
      records: records.map((record) => toTelephonyDetailRecord(record, canReadPii)),
      page,
      page_size: pageSize,
      total_records: total,
      total_pages: Math.ceil(total / pageSize),
    };
  }
}
