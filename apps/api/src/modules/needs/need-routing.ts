import { Injectable } from '@nestjs/common';
import { OrganizationCache, PartnerEntity } from '@app/database';
import { addBusinessHours, routeByKeywords, slaSchedule } from '@app/domain';
import type { BusinessSchedule } from '@app/domain';
import { DomainError } from '@app/http';

/** The partner's open hours for the SLA clock, or null for calendar hours. */
export function partnerSchedule(partner: PartnerEntity): BusinessSchedule | null {
  return slaSchedule(partner.operatingHours, partner.timezone);
}

/** When the partner's first response to a need routed to it now is due. */
export function firstResponseDue(partner: PartnerEntity, routedAt: Date): Date {
  return addBusinessHours(routedAt, partner.slaHours, partnerSchedule(partner));
}

/** Which partner receives a need. Archived partners never do. Reads the cached partners. */
@Injectable()
export class NeedRouter {
  constructor(private readonly organizations: OrganizationCache) {}

  /** The requested partner; else the best keyword match of the description; else the default partner. */
  async route(
    organizationId: string,
    description: string,
    requestedPartnerId: string | undefined,
  ): Promise<PartnerEntity> {
    if (requestedPartnerId) return this.activePartner(organizationId, requestedPartnerId);
    const active = (await this.partnersOf(organizationId)).filter((partner) => !partner.isArchived);
    const matchedId = routeByKeywords(description, active);
    const partner =
      active.find((candidate) => candidate.id === matchedId) ?? active.find((p) => p.isDefault);
    if (!partner) {
      throw DomainError.invalid(
        'partnerId',
        'No partner matches the description and the organization has no default partner; name a partnerId',
      );
    }
    return partner;
  }

  /** A partner of the organization that takes needs, else a 400 naming partnerId. */
  async activePartner(organizationId: string, partnerId: string): Promise<PartnerEntity> {
    const partner = (await this.partnersOf(organizationId)).find(
      (candidate) => candidate.id === partnerId,
    );
    if (!partner || partner.isArchived) {
      throw DomainError.invalid(
        'partnerId',
        'partnerId does not name an active partner of this organization',
      );
    }
    return partner;
  }

  private async partnersOf(organizationId: string): Promise<PartnerEntity[]> {
    return (await this.organizations.find(organizationId))?.partners ?? [];
  }
}
