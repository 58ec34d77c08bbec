import { Injectable } from '@nestjs/common';
import { SelectQueryBuilder } from 'typeorm';
import { PartnerEntity } from '../partner/partner.entity';
import { MemberCache } from './member-cache';
import { MemberEntity } from './member.entity';
import { SystemDatabase } from '../tenancy/system-database';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';
import type { TenantTransaction } from '../tenancy/tenant-transaction';

export type NewMember = Pick<
  MemberEntity,
  'email' | 'fullName' | 'role' | 'partnerId' | 'profiles' | 'phone'
>;
/** Fields left undefined stay unchanged. */
export type MemberChanges = Partial<
  Pick<MemberEntity, 'fullName' | 'role' | 'partnerId' | 'profiles' | 'phone'>
>;

export interface MemberWithPartner {
  member: MemberEntity;
  partnerName: string | null;
}

export interface LoginCandidate {
  member: MemberEntity;
  passwordHash: string;
  organizationSlug: string;
}

@Injectable()
export class MemberRepository {
  constructor(
    private readonly tenant: TenantContext,
    private readonly system: SystemDatabase,
    private readonly cache: MemberCache,
  ) {}

  findById(organizationId: OrganizationId, memberId: string): Promise<MemberEntity | null> {
    return this.tenant.manager.findOneBy(MemberEntity, { organizationId, id: memberId });
  }

  /**
   * The member, share-locked until the open transaction ends: a deactivation committing meanwhile is
   * waited for and seen, and one starting later waits for this transaction (and then revokes what
   * it issued).
   */
  findByIdLocked(
    organizationId: OrganizationId,
    tx: TenantTransaction,
    memberId: string,
  ): Promise<MemberEntity | null> {
    return tx.manager.findOne(MemberEntity, {
      where: { organizationId, id: memberId },
      lock: { mode: 'pessimistic_read' },
    });
  }

  async findWithPartner(
    organizationId: OrganizationId,
    memberId: string,
  ): Promise<MemberWithPartner | null> {
    const query = this.withPartnerName(organizationId).andWhere('member.id = :memberId', {
      memberId,
    });
    const [found] = await this.readWithPartner(query);
    return found ?? null;
  }

  /** The organization's members (of one partner, when given), by email. */
  list(organizationId: OrganizationId, partnerId: string | null): Promise<MemberWithPartner[]> {
    const query = this.withPartnerName(organizationId).orderBy('member.email', 'ASC');
    if (partnerId !== null) query.andWhere('member.partner_id = :partnerId', { partnerId });
    return this.readWithPartner(query);
  }

  /** Fails with a unique violation (23505) when the email is taken in the organization. */
  insert(organizationId: OrganizationId, member: NewMember): Promise<MemberEntity> {
    const manager = this.tenant.manager;
    return manager.save(
      manager.create(MemberEntity, {
        ...member,
        organizationId,
        isConfirmed: false,
        isActive: true,
      }),
    );
  }

  async update(
    organizationId: OrganizationId,
    memberId: string,
    changes: MemberChanges,
  ): Promise<void> {
    await this.tenant.manager.update(MemberEntity, { organizationId, id: memberId }, changes);
    this.cache.forgetAll();
  }

  async deactivate(organizationId: OrganizationId, memberId: string): Promise<void> {
    await this.tenant.manager.update(
      MemberEntity,
      { organizationId, id: memberId },
      { isActive: false },
    );
    this.cache.forgetAll();
  }

  /** Ids of the active org_admins, locked until the transaction ends (guards the last admin). */
  async lockActiveOrgAdmins(
    organizationId: OrganizationId,
    tx: TenantTransaction,
  ): Promise<string[]> {
    const rows: { id: string }[] = await tx.manager.query(
      `SELECT id FROM member
        WHERE organization_id = $1 AND role = 'org_admin' AND is_active
        ORDER BY id FOR UPDATE`,
      [organizationId],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Crosses organizations (system role): the active, confirmed members with a password whose email
   * matches, in every organization (oldest first), to find whose login it is. Login only.
   */
  async findLoginCandidates(email: string): Promise<LoginCandidate[]> {
    const rows = await this.system.manager
      .createQueryBuilder(MemberEntity, 'member')
      .addSelect('member.passwordHash')
      .innerJoin('organization', 'org', 'org.id = member.organization_id')
      .addSelect('org.slug', 'organization_slug')
      .where('member.email = :email', { email })
      .andWhere('member.is_active AND member.is_confirmed AND member.password_hash IS NOT NULL')
      .orderBy('member.created_at')
      .addOrderBy('member.id')
      .getRawAndEntities();
    return rows.entities.map((member, index) => ({
      member,
      passwordHash: member.passwordHash ?? '',
      organizationSlug: String(rows.raw[index].organization_slug),
    }));
  }

  async setPasswordAndConfirm(
    organizationId: OrganizationId,
    memberId: string,
    passwordHash: string,
  ): Promise<void> {
    await this.tenant.manager.update(
      MemberEntity,
      { organizationId, id: memberId },
      { passwordHash, isConfirmed: true },
    );
    this.cache.forgetAll();
  }

  private withPartnerName(organizationId: OrganizationId): SelectQueryBuilder<MemberEntity> {
    return this.tenant.manager
      .createQueryBuilder(MemberEntity, 'member')
      .leftJoin(
        PartnerEntity,
        'partner',
        'partner.organization_id = member.organization_id AND partner.id = member.partner_id',
      )
      .addSelect('partner.name', 'partner_name')
      .where('member.organization_id = :organizationId', { organizationId });
  }

  private async readWithPartner(
    query: SelectQueryBuilder<MemberEntity>,
  ): Promise<MemberWithPartner[]> {
    const { entities, raw } = await query.getRawAndEntities<{ partner_name: string | null }>();
    return entities.map((member, index) => ({ member, partnerName: raw[index].partner_name }));
  }
}
