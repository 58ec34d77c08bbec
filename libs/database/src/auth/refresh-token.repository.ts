import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { SystemDatabase } from '../tenancy/system-database';
import { TenantContext } from '../tenancy/tenant-context';
import { RefreshTokenEntity } from './refresh-token.entity';

@Injectable()
export class RefreshTokenRepository {
  constructor(
    private readonly tenant: TenantContext,
    private readonly system: SystemDatabase,
  ) {}

  async insert(token: Omit<RefreshTokenEntity, 'id' | 'createdAt' | 'usedAt' | 'revokedAt'>) {
    await this.tenant.manager.insert(RefreshTokenEntity, token);
  }

  /**
   * Crosses organizations (system role): the token with this hash, whatever its organization, so
   * that refresh and logout can enter that organization. Reads only.
   */
  findByHashInAnyOrganization(tokenHash: Buffer): Promise<RefreshTokenEntity | null> {
    return this.system.manager.findOneBy(RefreshTokenEntity, { tokenHash });
  }

  /** Marks the token used; false when another request used or revoked it first. */
  async markUsed(organizationId: string, id: string): Promise<boolean> {
    const result = await this.tenant.manager.update(
      RefreshTokenEntity,
      { organizationId, id, usedAt: IsNull(), revokedAt: IsNull() },
      { usedAt: () => 'now()' },
    );
    return result.affected === 1;
  }

  async revokeFamily(organizationId: string, familyId: string): Promise<void> {
    await this.tenant.manager.update(
      RefreshTokenEntity,
      { organizationId, familyId, revokedAt: IsNull() },
      { revokedAt: () => 'now()' },
    );
  }

  async revokeAllOfMember(organizationId: string, memberId: string): Promise<void> {
    await this.tenant.manager.update(
      RefreshTokenEntity,
      { organizationId, memberId, revokedAt: IsNull() },
      { revokedAt: () => 'now()' },
    );
  }

  /** Every organization's expired tokens (the maintenance job). */
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
