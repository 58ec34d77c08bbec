import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@app/config';
import {
  type OrganizationId,
  OrganizationEntity,
  OrganizationRepository,
  ProvisioningRepository,
  TenantContext,
} from '@app/database';
import { DomainError } from '@app/http';
import { ProvisioningQueue } from '@app/jobs';
import {
  provisioningState,
  ProvisioningResponseDto,
  StartProvisioningDto,
  toProvisioningResponse,
} from './provisioning.dto';

/** The settings a 10DLC brand is registered with: provisioning needs every one. */
const REQUIRED_FIELDS = [
  'legalName',
  'einTaxId',
  'legalStreet',
  'legalCity',
  'legalState',
  'legalZip',
  'supportEmail',
  'supportPhone',
] as const;

/** Starts, resumes and shows the organization's telephony provisioning (run by the worker). */
@Injectable()
export class ProvisioningService {
  constructor(
    private readonly tenant: TenantContext,
    private readonly provisioning: ProvisioningRepository,
    private readonly organizations: OrganizationRepository,
    private readonly queue: ProvisioningQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async get(organizationId: OrganizationId): Promise<ProvisioningResponseDto> {
    const organization = await this.organization(organizationId);
    return toProvisioningResponse(await this.provisioning.find(organizationId), organization);
  }

  /** Starts the run, or resumes it from its first step not DONE; the worker does the steps. */
  async start(
    organizationId: OrganizationId,
    input: StartProvisioningDto,
  ): Promise<ProvisioningResponseDto> {
    if (this.config.smsProvider !== 'telnyx') {
      throw new DomainError(
        'provisioning-unavailable',
        'Telephony provisioning needs SMS_PROVIDER=telnyx on the server',
      );
    }
    assertLegalDetails(await this.organization(organizationId));
    await this.tenant.transaction(async () => {
      await this.provisioning.lockRun(organizationId);
      const state = provisioningState(await this.provisioning.find(organizationId));
      if (state === 'RUNNING' || state === 'WAITING') {
        throw new DomainError(
          'provisioning-in-progress',
          'Provisioning is already running; follow it with GET /api/organizations/settings/provisioning',
        );
      }
      await this.provisioning.startOrResume(organizationId, input.existingPhoneNumber ?? null);
    });
    await this.queue.advance(organizationId);
    return this.get(organizationId);
  }

  private async organization(organizationId: OrganizationId): Promise<OrganizationEntity> {
    const organization = await this.organizations.findById(organizationId);
    if (!organization) throw DomainError.notFound('Organization');
    return organization;
  }
}

function assertLegalDetails(organization: OrganizationEntity): void {
  const missing = REQUIRED_FIELDS.filter((field) => !organization[field]);
  if (missing.length === 0) return;
  throw new DomainError(
    'validation-error',
    `Set ${missing.join(', ')} in the organization settings before provisioning`,
    {
      errors: missing.map((field) => ({
        field,
        message: `${field} is required to register the organization for SMS`,
      })),
    },
  );
}
