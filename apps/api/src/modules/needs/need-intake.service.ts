import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AuthContext, needVisibility, partnerScope } from '@app/auth';
import { APP_CONFIG, AppConfig } from '@app/config';
import {
  Database,
  EVERY_NEED,
  NeedEntity,
  NeedRepository,
  NeedVisibility,
  OrganizationEntity,
  OrganizationRepository,
  PartnerEntity,
} from '@app/database';
import { newReferenceNumber } from '@app/domain';
import { DomainError } from '@app/http';
import { IdempotencyService, StoredResponse } from '../idempotency';
import type { CreateNeedDto, CreatePublicNeedDto } from './need-create.dto';
import { NeedLinker } from './need-links';
import { firstResponseDue, NeedRouter } from './need-routing';
import {
  NeedResponseDto,
  PublicNeedCreatedDto,
  toNeedResponse,
  toPublicNeedCreated,
} from './need.dto';

const REFERENCE_NUMBER_ATTEMPTS = 5;

/** Who records a need: public intake, or a member acting within its row scope. */
interface Intaker {
  memberId: string | null;
  /** A partner-scoped member records needs for its own partner only. */
  partnerId: string | null;
  /** The needs it may name as parent. */
  visibility: NeedVisibility;
}

const PUBLIC_INTAKER: Intaker = { memberId: null, partnerId: null, visibility: EVERY_NEED };

/** Recording new needs: public intake and staff intake (API.md section 4). */
@Injectable()
export class NeedIntakeService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly organizations: OrganizationRepository,
    private readonly needs: NeedRepository,
    private readonly linker: NeedLinker,
    private readonly router: NeedRouter,
    private readonly idempotency: IdempotencyService,
    private readonly db: Database,
  ) {}

  /**
   * Anonymous intake: an unknown and a disabled organization are the same 400. The request's
   * transaction is the named organization's.
   */
  async createPublic(
    input: CreatePublicNeedDto,
    idempotencyKey: string | undefined,
  ): Promise<StoredResponse<PublicNeedCreatedDto>> {
    const { organizationId, ...fields } = input;
    await this.db.enterOrganization(organizationId);
    const organization = await this.organizations.findById(organizationId);
    if (organization?.orgStatus !== 'ENABLED') {
      throw DomainError.invalid(
        'organizationId',
        'organizationId does not name an organization taking requests',
      );
    }
    const request = {
      organizationId,
      endpoint: 'POST /api/needs/public',
      key: idempotencyKey,
      request: input,
    };
    return this.idempotency.run(request, async (manager) => {
      const need = await this.record(manager, organization, fields, PUBLIC_INTAKER);
      return {
        status: 201,
        body: toPublicNeedCreated(need, this.config.publicAppUrl, fields.contact !== undefined),
      };
    });
  }

  /** Staff intake: `createdBy` is the member; a partner member records needs for its own partner. */
  async createForMember(
    auth: AuthContext,
    input: CreateNeedDto,
    idempotencyKey: string | undefined,
  ): Promise<StoredResponse<NeedResponseDto>> {
    const organization = await this.organizations.findById(auth.organizationId);
    if (!organization) throw DomainError.notFound('Organization');
    const intaker = {
      memberId: auth.memberId,
      partnerId: partnerScope(auth),
      visibility: needVisibility(auth),
    };
    const request = {
      organizationId: auth.organizationId,
      endpoint: 'POST /api/needs',
      key: idempotencyKey,
      request: input,
    };
    return this.idempotency.run(request, async (manager) => {
      const need = await this.record(manager, organization, input, intaker);
      return { status: 201, body: toNeedResponse(need) };
    });
  }

  private async record(
    manager: EntityManager,
    organization: OrganizationEntity,
    input: CreateNeedDto,
    intaker: Intaker,
  ): Promise<NeedEntity> {
    const partner = await this.partnerFor(manager, organization.id, input, intaker);
    const links = await this.linker.resolve(manager, organization.id, input, intaker.visibility);
    const routedAt = new Date();
    for (let attempt = 0; attempt < REFERENCE_NUMBER_ATTEMPTS; attempt++) {
      const need = await this.needs.insert(manager, {
        organizationId: organization.id,
        partnerId: partner.id,
        ...links,
        description: input.description,
        customFields: input.customFields ?? {},
        isConfidential: input.isConfidential ?? partner.defaultConfidential,
        createdBy: intaker.memberId,
        referenceNumber: newReferenceNumber(organization.shortCode),
        slaHours: partner.slaHours,
        dueDate: firstResponseDue(partner, routedAt),
      });
      if (need) return need;
    }
    throw new Error(`No free reference number in ${REFERENCE_NUMBER_ATTEMPTS} attempts`);
  }

  private async partnerFor(
    manager: EntityManager,
    organizationId: string,
    input: CreateNeedDto,
    intaker: Intaker,
  ): Promise<PartnerEntity> {
    if (intaker.partnerId === null) {
      return this.router.route(manager, organizationId, input.description, input.partnerId);
    }
    if (input.partnerId && input.partnerId !== intaker.partnerId) {
      throw DomainError.invalid('partnerId', 'partnerId must be your own partner');
    }
    return this.router.activePartner(manager, organizationId, intaker.partnerId);
  }
}
