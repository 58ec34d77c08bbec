import { Injectable } from '@nestjs/common';
import { updateReturning } from '../sql';
import { SystemDatabase } from '../tenancy/system-database';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';
import { MemberInvitationEntity } from './member-invitation.entity';

/** An invitation's organization and member, as found by its token before any organization is entered. */
export type InvitationRef = Pick<MemberInvitationEntity, 'organizationId' | 'memberId'>;

@Injectable()
export class MemberInvitationRepository {
  constructor(
    private readonly tenant: TenantContext,
    private readonly system: SystemDatabase,
  ) {}

  async insert(
    organizationId: OrganizationId,
    invitation: Pick<MemberInvitationEntity, 'memberId' | 'tokenHash' | 'expiresAt'>,
  ): Promise<void> {
    await this.tenant.manager.insert(MemberInvitationEntity, { ...invitation, organizationId });
  }

  /**
   * Crosses organizations (system role): the organization and member of an unused, unexpired
   * invitation, found by its token's hash, so that accepting it can enter that organization. Reads
   * only; consume() then uses it inside the organization.
   */
  async findUsableInAnyOrganization(tokenHash: Buffer): Promise<InvitationRef | null> {
    const [found] = await this.system.manager.query(
      `SELECT organization_id AS "organizationId", member_id AS "memberId" FROM member_invitation
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
      [tokenHash],
    );
    return found ?? null;
  }

  /** Uses the invitation once: returns it only if it was unused and unexpired, marking it used. */
  async consume(
    organizationId: OrganizationId,
    tokenHash: Buffer,
  ): Promise<MemberInvitationEntity | null> {
    const rows = await updateReturning<MemberInvitationEntity>(
      this.tenant.manager,
      `UPDATE member_invitation SET used_at = now()
        WHERE organization_id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > now()
        RETURNING id, organization_id AS "organizationId", member_id AS "memberId"`,
      [organizationId, tokenHash],
    );
    return rows[0] ?? null;
  }

  /** Crosses organizations (system role): every organization's expired invitations (the maintenance job). */
  async deleteExpired(): Promise<number> {
    const result = await this.system.manager
      .createQueryBuilder()
      .delete()
      .from(MemberInvitationEntity)
      .where('expires_at < now()')
      .execute();
    return result.affected ?? 0;
  }
}
