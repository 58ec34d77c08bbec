import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, type SmsSettingCeilings } from '@app/config';
import {
  type OrganizationId,
  AuditLog,
  OrganizationEntity,
  OrganizationRepository,
  OrganizationSettingsChanges,
  ProvisioningRepository,
  TenantContext,
  violatedUniqueConstraint,
} from '@app/database';
import { changedFields } from '@app/domain';
import { DomainError, validationProblem } from '@app/http';
import {
  OrganizationSettingsResponseDto,
  toOrganizationSettingsResponse,
  UpdateOrganizationSettingsDto,
} from './organization-settings.dto';

/** The unique constraints of organization, by the field a client sets. */
const UNIQUE_FIELDS: Record<string, string> = {
  organization_slug_key: 'slug',
  organization_short_code_key: 'shortCode',
};

/** The fields the client sent: omitted ones stay unchanged. */
function sentFields<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** A unique violation on slug or shortCode becomes a 409 naming the field. */
function asConflict(error: unknown): unknown {
  const field = UNIQUE_FIELDS[violatedUniqueConstraint(error) ?? ''];
  if (!field) return error;
  return new DomainError('conflict', `Another organization already uses this ${field}`, {
    errors: [{ field, message: `${field} is already taken` }],
  });
}

/** Enabled quiet hours need both ends of the window (after this update). */
function assertQuietHoursWindow(settings: OrganizationSettingsChanges): void {
  if (!settings.quietHoursEnabled) return;
  const missing = (['quietHoursStart', 'quietHoursEnd'] as const).find((field) => !settings[field]);
  if (missing) {
    throw DomainError.invalid(missing, `${missing} is required when quiet hours are enabled`);
  }
}

/** Each SMS setting sent above its system ceiling: one 400 naming them, worded as `@Max` is. */
function assertWithinCeilings(
  changes: OrganizationSettingsChanges,
  ceilings: SmsSettingCeilings,
): void {
  const fields = Object.keys(ceilings) as (keyof SmsSettingCeilings)[];
  const above = fields.filter((field) => (changes[field] ?? 0) > ceilings[field]);
  if (above.length === 0) return;
  throw validationProblem(
    above.map((field) => ({
      field,
      message: `${field} must not be greater than ${ceilings[field]}`,
    })),
  );
}

/** The fields telephony provisioning owns once it has started. */
const PROVISIONED_FIELDS = [
  'tcrStatus',
  'tcrBrandStatus',
  'tcrCampaignStatus',
  'phoneStatus',
  'profileStatus',
  'tcrBrandId',
  'tcrCampaignId',
  'provisioningError',
] as const;

@Injectable()
export class OrganizationSettingsService {
  constructor(
    private readonly tenant: TenantContext,
    private readonly audit: AuditLog,
    private readonly organizations: OrganizationRepository,
    private readonly provisioning: ProvisioningRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async get(organizationId: OrganizationId): Promise<OrganizationSettingsResponseDto> {
    return this.toResponse(await this.load(organizationId));
  }

  /** Partial; logged with the names of the settings that changed (settings.update). */
  async update(
    organizationId: OrganizationId,
    input: UpdateOrganizationSettingsDto,
  ): Promise<OrganizationSettingsResponseDto> {
    const changes: OrganizationSettingsChanges = sentFields(input);
    assertWithinCeilings(changes, this.config.smsSettingCeilings);
    const current = await this.load(organizationId);
    assertQuietHoursWindow({ ...current, ...changes });
    await this.assertNotProvisioned(organizationId, current, changes);
    const updated = await this.tenant.transaction(async (tx) => {
      const organization = await this.organizations
        .updateSettings(organizationId, changes)
        .catch((error: unknown) => Promise.reject(asConflict(error)));
      if (!organization) throw DomainError.notFound('Organization');
      const sent = Object.keys(changes) as (keyof OrganizationSettingsChanges)[];
      await this.audit.record(tx, {
        action: 'settings.update',
        subjectType: 'organization',
        subjectId: organizationId,
        details: { fields: changedFields(current, organization, sent) },
      });
      return organization;
    });
    return this.toResponse(updated);
  }

  /** Once provisioning has started, its fields change only through it (the same value is fine). */
  private async assertNotProvisioned(
    organizationId: OrganizationId,
    current: OrganizationEntity,
    changes: OrganizationSettingsChanges,
  ): Promise<void> {
    const changed = PROVISIONED_FIELDS.filter(
      (field) => field in changes && changes[field] !== current[field],
    );
    if (changed.length === 0 || !(await this.provisioning.find(organizationId))) return;
    throw new DomainError(
      'provisioning-managed',
      `Telephony provisioning has started and now manages ${changed.join(', ')}`,
      { errors: changed.map((field) => ({ field, message: `${field} is set by provisioning` })) },
    );
  }

  private toResponse(organization: OrganizationEntity): OrganizationSettingsResponseDto {
    return toOrganizationSettingsResponse(organization, this.config.smsSettingCeilings);
  }

  private async load(organizationId: OrganizationId): Promise<OrganizationEntity> {
    const organization = await this.organizations.findById(organizationId);
    if (!organization) throw DomainError.notFound('Organization');
    return organization;
  }
}
