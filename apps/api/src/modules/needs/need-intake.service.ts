import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, needVisibility, partnerScope } from '@app/auth';
import { APP_CONFIG, type AppConfig } from '@app/config';
import {
  EVERY_NEED,
  NeedEntity,
  NeedRepository,
  NeedVisibility,
  OrganizationCache,
  OrganizationEntity,
  PartnerEntity,
  TenantContext,
} from '@app/database';
import { newReferenceNumber } from '@app/domain';
import { DomainError } from '@app/http';
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

/**
 * Recording new needs: public intake and staff intake. A hot path: the organization and its
 * partners come from memory (OrganizationCache), then one INSERT, with no transaction of its own
 * unless a `contact` makes it write more rows.
 */
@Injectable()
export class NeedIntakeService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tenant: TenantContext,
    private readonly organizations: OrganizationCache,
    private readonly needs: NeedRepository,
    private readonly linker: NeedLinker,
    private readonly router: NeedRouter,
  ) {}

  /**
   * Anonymous intake, in the organization the body names (entered before the handler). An unknown
   * and a disabled organization are the same 400.
   */
  async createPublic(input: CreatePublicNeedDto): Promise<PublicNeedCreatedDto> {
    const { organizationId, ...fields } = input;
    const organization = (await this.organizations.find(organizationId))?.organization;
    if (organization?.orgStatus !== 'ENABLED') {
      throw DomainError.invalid(
        'organizationId',
        'organizationId does not name an organization taking requests',
      );
    }
    const need = await this.record(organization, fields, PUBLIC_INTAKER);
    return toPublicNeedCreated(need, this.config.publicAppUrl);
  }

  /** Staff intake: `createdBy` is the member; a partner member records needs for its own partner. */
  async createForMember(auth: AuthContext, input: CreateNeedDto): Promise<NeedResponseDto> {
    const organization = (await this.organizations.find(auth.organizationId))?.organization;
    if (!organization) throw DomainError.notFound('Organization');
    const intaker = {
      memberId: auth.memberId,
      partnerId: partnerScope(auth),
      visibility: needVisibility(auth),
    };
    return toNeedResponse(await this.record(organization, input, intaker));
  }

  /**
   * A need alone is one INSERT after reads, so it needs no transaction. A `contact` may also create
   * a constituent, its household and household matches: those rows and the need then commit
   * together. Inside a transaction already (an Idempotency-Key's), no savepoint is needed either.
   */
  private record(
    organization: OrganizationEntity,
    input: CreateNeedDto,
    intaker: Intaker,
  ): Promise<NeedEntity> {
    const write = () => this.insert(organization, input, intaker);
    return input.contact && !this.tenant.inTransaction ? this.tenant.transaction(write) : write();
  }

  private async insert(
    organization: OrganizationEntity,
    input: CreateNeedDto,
    intaker: Intaker,
  ): Promise<NeedEntity> {
    const partner = await this.partnerFor(organization.id, input, intaker);
    const links = await this.linker.resolve(organization.id, input, intaker.visibility);
    const routedAt = new Date();
    for (let attempt = 0; attempt < REFERENCE_NUMBER_ATTEMPTS; attempt++) {
      const need = await this.needs.insert({
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
    organizationId: string,
    input: CreateNeedDto,
    intaker: Intaker,
  ): Promise<PartnerEntity> {
    if (intaker.partnerId === null) {
      return this.router.route(organizationId, input.description, input.partnerId);
    }
    if (input.partnerId && input.partnerId !== intaker.partnerId) {
      throw DomainError.invalid('partnerId', 'partnerId must be your own partner');
    }
    return this.router.activePartner(organizationId, intaker.partnerId);
  }
}
