import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { updateReturning } from '../sql';
import { MemberInvitationEntity } from './member-invitation.entity';
import { Database } from '../tenancy/database';

@Injectable()
export class MemberInvitationRepository {
  constructor(private readonly db: Database) {}

  async insert(
    manager: EntityManager,
    invitation: Pick<
      MemberInvitationEntity,
      'organizationId' | 'memberId' | 'tokenHash' | 'expiresAt'
    >,
  ): Promise<void> {
    await manager.insert(MemberInvitationEntity, invitation);
  }

  /** Uses the invitation once: returns it only if it was unused and unexpired, marking it used. */
  async consume(manager: EntityManager, tokenHash: Buffer): Promise<MemberInvitationEntity | null> {
    const rows = await updateReturning<MemberInvitationEntity>(
      manager,
      `UPDATE member_invitation SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING id, organization_id AS "organizationId", member_id AS "memberId"`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  async deleteExpired(): Promise<number> {
    const result = await this.db.manager
      .createQueryBuilder()
      .delete()
      .from(MemberInvitationEntity)
      .where('expires_at < now()')
      .execute();
    return result.affected ?? 0;
  }
}
