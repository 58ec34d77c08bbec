import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { SystemDatabase } from '../tenancy/system-database';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';
import type { TenantTransaction } from '../tenancy/tenant-transaction';
import { RefreshTokenEntity } from './refresh-token.entity';

@Injectable()
export class RefreshTokenRepository {
  constructor(
    private readonly tenant: TenantContext,
    private readonly system: SystemDatabase,
  ) {}

  async insert(
    organizationId: OrganizationId,
    token: Omit<RefreshTokenEntity, 'id' | 'organizationId' | 'createdAt' | 'usedAt' | 'revokedAt'>,
  ) {
    await this.tenant.manager.insert(RefreshTokenEntity, { ...token, organizationId });
  }

  /**
   * Crosses organizations (system role): the token with this hash, whatever its organization, so
   * that refresh and logout can enter that organization. Reads only.
   */
  findByHashInAnyOrganization(tokenHash: Buffer): Promise<RefreshTokenEntity | null> {
    return this.system.manager.findOneBy(RefreshTokenEntity, { tokenHash });
  }

  /**
   * Takes the family's lock until the open transaction ends: rotations, reuse checks and
   * revocations of one family then run one at a time, each seeing every token the one before it
   * issued, so a revocation cannot miss a token a concurrent rotation is inserting.
   */
  async lockFamily(
    organizationId: OrganizationId,
    tx: TenantTransaction,
    familyId: string,
  ): Promise<void> {
    await tx.manager.query(
      `SELECT pg_advisory_xact_lock(hashtextextended('refresh-family:' || $1 || ':' || $2, 0))`,
      [organizationId, familyId],
    );
  }

  findById(organizationId: OrganizationId, id: string): Promise<RefreshTokenEntity | null> {
    return this.tenant.manager.findOneBy(RefreshTokenEntity, { organizationId, id });
  }

  async markUsed(organizationId: OrganizationId, id: string): Promise<void> {
    await this.tenant.manager.update(
      RefreshTokenEntity,
      { organizationId, id },
      { usedAt: () => 'now()' },
    );
  }

  async revokeFamily(organizationId: OrganizationId, familyId: string): Promise<void> {
    await this.tenant.manager.update(
      RefreshTokenEntity,
      { organizationId, familyId, revokedAt: IsNull() },
      { revokedAt: () => 'now()' },
    );
  }

  async revokeAllOfMember(organizationId: OrganizationId, memberId: string): Promise<void> {
    await this.tenant.manager.update(
      RefreshTokenEntity,
      { organizationId, memberId, revokedAt: IsNull() },
      { revokedAt: () => 'now()' },
    );
  }

  /** Crosses organizations (system role): every organization's expired tokens (the maintenance job). */
  async deleteExpired(): Promise<number> {
    const result = await this.system.manager
      .createQueryBuilder()
      .delete()
      .from(RefreshTokenEntity)
      .where('expires_at < now()')
      .execute();
    return result.affected ?? 0;
  }
}
