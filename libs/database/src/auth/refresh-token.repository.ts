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

  /**
   * Takes the family's lock until the open transaction ends: rotations, reuse checks and
   * revocations of one family then run one at a time, each seeing every token the one before it
   * issued, so a revocation cannot miss a token a concurrent rotation is inserting.
   */
  async lockFamily(organizationId: string, familyId: string): Promise<void> {
    if (!this.tenant.inTransaction) throw new Error('lockFamily needs an open transaction');
    await this.tenant.manager.query(
      `SELECT pg_advisory_xact_lock(hashtextextended('refresh-family:' || $1 || ':' || $2, 0))`,
      [organizationId, familyId],
    );
  }

  findById(organizationId: string, id: string): Promise<RefreshTokenEntity | null> {
    return this.tenant.manager.findOneBy(RefreshTokenEntity, { organizationId, id });
  }

  async markUsed(organizationId: string, id: string): Promise<void> {
    await this.tenant.manager.update(
      RefreshTokenEntity,
      { organizationId, id },
      { usedAt: () => 'now()' },
    );
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
