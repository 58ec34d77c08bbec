import { Injectable } from '@nestjs/common';
import { NotifiedCache } from '../notifications/notified-cache';
import { SystemDatabase } from '../tenancy/system-database';
import { MemberEntity } from './member.entity';

/**
 * The member an access token names, read once and then served from memory: every authenticated
 * request needs it, and it changes rarely. A trigger announces every committed change to a member
 * on `member_changed` (migration 1763800008000); any announcement forgets every cached member
 * (changes are rare, and a re-read is one query). A deactivated member or a changed role is refused
 * or applied at once, in every process (see NotifiedCache).
 */
@Injectable()
export class MemberCache extends NotifiedCache<MemberEntity | null> {
  constructor(system: SystemDatabase) {
    super('member_changed', system);
  }

  /**
   * The member an access token names. Crosses organizations (system role): the guard reads it
   * before the request enters its organization.
   */
  find(organizationId: string, memberId: string): Promise<MemberEntity | null> {
    return this.remember(`${organizationId}/${memberId}`, () =>
      this.system.manager.findOneBy(MemberEntity, { organizationId, id: memberId }),
    );
  }

  protected override announced(): void {
    this.forgetAll();
  }
}
