import { Injectable } from '@nestjs/common';
import {
  assertInPartnerScope,
  assertMayGrantProfiles,
  assertMayManageMember,
  AuthContext,
  partnerScope,
} from '@app/auth';
import type { MemberRole } from '@assist/contracts';
import {
  type OrganizationId,
  AuditLog,
  MemberEntity,
  MemberRepository,
  PartnerRepository,
  RefreshTokenRepository,
  TenantContext,
  type TenantTransaction,
  violatedUniqueConstraint,
} from '@app/database';
import { changedFields } from '@app/domain';
import { DomainError } from '@app/http';
import { MemberInvitations } from './member-invitations';
import {
  CreateMemberDto,
  InvitedMemberResponseDto,
  MemberResponseDto,
  toMemberResponse,
  UpdateMemberDto,
} from './member.dto';

/** What PATCH /api/members/{id} may change. */
const UPDATABLE_FIELDS = ['fullName', 'role', 'partnerId', 'profiles', 'phone'] as const;

interface Assignment {
  role: MemberRole;
  partnerId: string | null;
}

/**
 * Members of the caller's organization. A partner_admin manages only staff and volunteers of its
 * own partner (libs/auth access rules); the last active org_admin can be neither demoted nor
 * deactivated.
 */
@Injectable()
export class MembersService {
  constructor(
    private readonly tenant: TenantContext,
    private readonly members: MemberRepository,
    private readonly partners: PartnerRepository,
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly invitations: MemberInvitations,
    private readonly audit: AuditLog,
  ) {}

  /** A member's own record (GET /api/auth/me). */
  async get(organizationId: OrganizationId, memberId: string): Promise<MemberResponseDto> {
    const found = await this.members.findWithPartner(organizationId, memberId);
    if (!found) throw DomainError.notFound('Member');
    return toMemberResponse(found);
  }

  async getVisible(auth: AuthContext, memberId: string): Promise<MemberResponseDto> {
    const member = await this.get(auth.organizationId, memberId);
    assertInPartnerScope(auth, member.partnerId, 'Member');
    return member;
  }

  async list(auth: AuthContext): Promise<MemberResponseDto[]> {
    const members = await this.members.list(auth.organizationId, partnerScope(auth));
    return members.map(toMemberResponse);
  }

  /**
   * Adds an unconfirmed member with its invitation in one transaction; once that commits, emails the
   * invitation (a failed email is reported, and the member stays).
   */
  async invite(auth: AuthContext, input: CreateMemberDto): Promise<InvitedMemberResponseDto> {
    const { organizationId } = auth;
    const assignment = { role: input.role, partnerId: input.partnerId ?? partnerScope(auth) };
    assertMayManageMember(auth, assignment);
    assertMayGrantProfiles(auth, input.profiles ?? []);
    const acceptPage = this.invitations.acceptPage(input.appUrl);
    await this.assertAssignable(organizationId, assignment);
    const { member, invitationUrl } = await this.tenant.transaction(async (tx) => {
      const member = await this.members
        .insert(organizationId, {
          email: input.email,
          fullName: input.fullName,
          ...assignment,
          profiles: input.profiles ?? [],
          phone: input.phone ?? null,
        })
        .catch((error: unknown) => {
          if (violatedUniqueConstraint(error)) {
            throw DomainError.conflict('A member with this email already exists');
          }
          throw error;
        });
      const invitationUrl = await this.invitations.issue(organizationId, member, acceptPage);
      await this.audit.record(tx, {
        action: 'member.create',
        subjectType: 'member',
        subjectId: member.id,
        details: { role: member.role },
      });
      return { member, invitationUrl };
    });
    const invitationStatus = await this.invitations.deliver(organizationId, member, invitationUrl);
    return { ...(await this.get(organizationId, member.id)), invitationUrl, invitationStatus };
  }

  async update(
    auth: AuthContext,
    memberId: string,
    input: UpdateMemberDto,
  ): Promise<MemberResponseDto> {
    const { organizationId } = auth;
    await this.tenant.transaction(async (tx) => {
      const member = await this.findManaged(auth, memberId);
      const next = {
        role: input.role ?? member.role,
        partnerId: input.partnerId === undefined ? member.partnerId : input.partnerId,
      };
      assertMayManageMember(auth, next);
      assertMayGrantProfiles(
        auth,
        (input.profiles ?? []).filter((profile) => !member.profiles.includes(profile)),
      );
      await this.assertAssignable(organizationId, next);
      if (next.role !== 'org_admin') await this.assertNotLastAdmin(organizationId, tx, member);
      await this.members.update(organizationId, memberId, {
        ...next,
        fullName: input.fullName,
        profiles: input.profiles,
        phone: input.phone,
      });
      const sent = UPDATABLE_FIELDS.filter((field) => input[field] !== undefined);
      await this.audit.record(tx, {
        action: 'member.update',
        subjectType: 'member',
        subjectId: memberId,
        details: { fields: changedFields(member, input, sent) },
      });
    });
    return this.get(organizationId, memberId);
  }

  /** Deactivates the member and revokes its refresh tokens; access tokens fail at once. */
  async deactivate(auth: AuthContext, memberId: string): Promise<void> {
    const { organizationId } = auth;
    await this.tenant.transaction(async (tx) => {
      const member = await this.findManaged(auth, memberId);
      await this.assertNotLastAdmin(organizationId, tx, member);
      await this.members.deactivate(organizationId, memberId);
      await this.refreshTokens.revokeAllOfMember(organizationId, memberId);
      await this.audit.record(tx, {
        action: 'member.deactivate',
        subjectType: 'member',
        subjectId: memberId,
      });
    });
  }

  /** The member, if the caller may manage it: outside its partner 404, another role 403. */
  private async findManaged(auth: AuthContext, memberId: string): Promise<MemberEntity> {
    const member = await this.members.findById(auth.organizationId, memberId);
    if (!member) throw DomainError.notFound('Member');
    assertInPartnerScope(auth, member.partnerId, 'Member');
    assertMayManageMember(auth, member);
    return member;
  }

  /** partner_admin needs a partner; a partner must be one of the organization's (400 partnerId). */
  private async assertAssignable(
    organizationId: OrganizationId,
    { role, partnerId }: Assignment,
  ): Promise<void> {
    if (role === 'partner_admin' && !partnerId) {
      throw DomainError.invalid('partnerId', 'partnerId is required for a partner_admin');
    }
    if (partnerId && !(await this.partners.findById(organizationId, partnerId))) {
      throw DomainError.invalid('partnerId', 'partnerId must be a partner of the organization');
    }
  }

  /** Before an active org_admin stops being one; locks the admins against concurrent changes. */
  private async assertNotLastAdmin(
    organizationId: OrganizationId,
    tx: TenantTransaction,
    member: MemberEntity,
  ): Promise<void> {
    if (member.role !== 'org_admin' || !member.isActive) return;
    const admins = await this.members.lockActiveOrgAdmins(organizationId, tx);
    if (!admins.some((id) => id !== member.id)) {
      throw DomainError.conflict('The organization must keep at least one active org_admin');
    }
  }
}
