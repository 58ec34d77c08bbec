import { Injectable } from '@nestjs/common';
import { AuthContext, assertMayChangePartner } from '@app/auth';
import {
  PartnerChanges,
  PartnerEntity,
  PartnerRepository,
  TenantContext,
  type OrganizationId,
} from '@app/database';
import { DomainError } from '@app/http';
import {
  CreatePartnerDto,
  PartnerResponseDto,
  toPartnerResponse,
  UpdatePartnerDto,
} from './partner.dto';

/** An update's changes; archiving the default partner also clears its default flag. */
function changesOf(partner: PartnerEntity, input: UpdatePartnerDto): PartnerChanges {
  const archivesDefault = input.isArchived === true && partner.isDefault;
  return {
    name: input.name,
    slaHours: input.slaHours,
    isArchived: input.isArchived,
    isDefault: input.isDefault ?? (archivesDefault ? false : undefined),
    defaultConfidential: input.defaultConfidential,
    description: input.description,
    keywords: input.keywords,
    website: input.website,
    publicCategoryName: input.publicCategoryName,
    timezone: input.timezone,
    operatingHours: input.operating_hours,
  };
}

function assertDefaultNotArchived(partner: PartnerEntity, changes: PartnerChanges): void {
  if ((changes.isArchived ?? partner.isArchived) && (changes.isDefault ?? partner.isDefault)) {
    throw DomainError.conflict('An archived partner cannot be the default partner');
  }
}

/**
 * Partners of the caller's organization. Making a partner the default first takes the
 * organization's default-switch lock (before any row lock), then clears the old default, so
 * concurrent switches leave exactly one default.
 */
@Injectable()
export class PartnersService {
  constructor(
    private readonly tenant: TenantContext,
    private readonly partners: PartnerRepository,
  ) {}

  async list(organizationId: OrganizationId): Promise<PartnerResponseDto[]> {
    return (await this.partners.list(organizationId)).map(toPartnerResponse);
  }

  create(organizationId: OrganizationId, input: CreatePartnerDto): Promise<PartnerResponseDto> {
    return this.tenant.transaction(async () => {
      const isDefault = input.isDefault ?? false;
      if (isDefault) {
        await this.partners.lockDefaultSwitch(organizationId);
        await this.partners.clearDefault(organizationId);
      }
      const partner = await this.partners.insert(organizationId, {
        name: input.name,
        slaHours: input.slaHours,
        isArchived: false,
        isDefault,
        defaultConfidential: input.defaultConfidential ?? false,
        description: input.description ?? null,
        keywords: input.keywords ?? [],
        website: input.website ?? null,
        publicCategoryName: input.publicCategoryName ?? null,
        timezone: null,
        operatingHours: null,
      });
      return toPartnerResponse(partner);
    });
  }

  update(
    auth: AuthContext,
    partnerId: string,
    input: UpdatePartnerDto,
  ): Promise<PartnerResponseDto> {
    const { organizationId } = auth;
    return this.tenant.transaction(async () => {
      if (input.isDefault) await this.partners.lockDefaultSwitch(organizationId);
      const partner = await this.partners.findForUpdate(organizationId, partnerId);
      if (!partner) throw DomainError.notFound('Partner');
      const changes = changesOf(partner, input);
      assertMayChangePartner(auth, partner.id, changes.isDefault !== undefined);
      assertDefaultNotArchived(partner, changes);
      if (changes.isDefault) await this.partners.clearDefault(organizationId);
      const updated = await this.partners.update(organizationId, partnerId, changes);
      return toPartnerResponse(updated);
    });
  }
}
