import { Injectable } from '@nestjs/common';
import { EntityManager, IsNull } from 'typeorm';
import { RefreshTokenEntity } from './refresh-token.entity';
import { Database } from '../tenancy/database';

@Injectable()
export class RefreshTokenRepository {
  constructor(private readonly db: Database) {}

  async insert(token: Omit<RefreshTokenEntity, 'id' | 'createdAt' | 'usedAt' | 'revokedAt'>) {
    await this.db.manager.insert(RefreshTokenEntity, token);
  }

  findByHash(tokenHash: Buffer) {
    return this.db.manager.findOneBy(RefreshTokenEntity, { tokenHash });
  }

  /** Marks the token used; false when another request used or revoked it first. */
  async markUsed(organizationId: string, id: string): Promise<boolean> {
    const result = await this.db.manager.update(
      RefreshTokenEntity,
      { organizationId, id, usedAt: IsNull(), revokedAt: IsNull() },
      { usedAt: () => 'now()' },
    );
    return result.affected === 1;
  }

  async revokeFamily(organizationId: string, familyId: string): Promise<void> {
    await this.db.manager.update(
      RefreshTokenEntity,
      { organizationId, familyId, revokedAt: IsNull() },
      { revokedAt: () => 'now()' },
    );
  }

  async revokeAllOfMember(
    organizationId: string,
    memberId: string,
    manager: EntityManager = this.db.manager,
  ): Promise<void> {
    await manager.update(
      RefreshTokenEntity,
      { organizationId, memberId, revokedAt: IsNull() },
      { revokedAt: () => 'now()' },
    );
  }

  async deleteExpired(): Promise<number> {
    const result = await this.db.manager
      .createQueryBuilder()
      .delete()
      .from(RefreshTokenEntity)
      .where('expires_at < now()')
      .execute();
    return result.affected ?? 0;
  }
}
