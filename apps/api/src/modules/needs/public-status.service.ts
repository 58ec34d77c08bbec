import { Injectable } from '@nestjs/common';
import { organizationId, PublicStatusRepository, TenantContext } from '@app/database';
import { DomainError } from '@app/http';
import { PublicStatusDto, PublicStatusQueryDto, toPublicStatus } from './public-status.dto';

/**
 * What became of a request, for the person holding its reference number. An unknown reference, an
 * unknown organization and a disabled one are the same 404, so the answer reveals nothing else.
 */
@Injectable()
export class PublicStatusService {
  constructor(
    private readonly tenant: TenantContext,
    private readonly statuses: PublicStatusRepository,
  ) {}

  find(query: PublicStatusQueryDto): Promise<PublicStatusDto> {
    const organization = organizationId(query.organizationId);
    return this.tenant.run(organization, async () => {
      const need = await this.statuses.find(organization, query.referenceNumber);
      if (!need) throw DomainError.notFound('Request');
      return toPublicStatus(need);
    });
  }
}
