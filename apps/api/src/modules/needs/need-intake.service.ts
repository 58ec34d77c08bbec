import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, needVisibility, partnerScope } from '@app/auth';
import { APP_CONFIG, type AppConfig } from '@app/config';
import {
  EVERY_NEED,
  NeedEntity,
  NeedRepository,
  NeedVisibility,
  OrganizationCache,
  organizationId as trustedOrganizationId,
  OrganizationEntity,
  type OrganizationId,
  PartnerEntity,
} from '@app/database';
import { newReferenceNumber } from '@app/domain';
import { DomainError } from '@app/http';
import { ConstituentConsents } from '../constituents';
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
 * partners come from memory (OrganizationCache), then one INSERT. Both routes are @Idempotent(),
 * which runs them in one transaction with or without a key: it covers every row written here.
 */
@Injectable()
export class NeedIntakeService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly organizations: OrganizationCache,
    private readonly needs: NeedRepository,
    private readonly linker: NeedLinker,
    private readonly router: NeedRouter,
    private readonly consents: ConstituentConsents,
  ) {}

  /**
   * Anonymous intake, in the organization the body names (entered before the handler). An unknown
   * and a disabled organization are the same 400. The contact's consents are recorded for the
   * need's constituent in the same transaction.
   */
  async createPublic(input: CreatePublicNeedDto): Promise<PublicNeedCreatedDto> {
    const { organizationId: declared, ...fields } = input;
    // The body field the route declares: entered before the handler, and validated as a UUID.
    const organizationId = trustedOrganizationId(declared);
    const organization = (await this.organizations.find(organizationId))?.organization;
    if (organization?.orgStatus !== 'ENABLED') {
      throw DomainError.invalid(
        'organizationId',
        'organizationId does not name an organization taking requests',
      );
    }
    const need = await this.record(organizationId, organization, fields, PUBLIC_INTAKER);
    const consents = fields.contact?.consents;
    if (consents && need.constituentId) {
      await this.consents.recordPublicForm(organizationId, need.constituentId, consents);
    }
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
    return toNeedResponse(await this.record(auth.organizationId, organization, input, intaker));
  }

  /**
   * The need, and for a `contact` also a constituent, its household and household matches: the
   * route's transaction (@Idempotent) commits them together or not at all.
   */
  private async record(
    organizationId: OrganizationId,
    organization: OrganizationEntity,
    input: CreateNeedDto,
    intaker: Intaker,
  ): Promise<NeedEntity> {
    const partner = await this.partnerFor(organizationId, input, intaker);
    const links = await this.linker.resolve(organizationId, input, intaker.visibility);
    const routedAt = new Date();
    for (let attempt = 0; attempt < REFERENCE_NUMBER_ATTEMPTS; attempt++) {
      const need = await this.needs.insert(organizationId, {
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
    organizationId: OrganizationId,
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
