import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { MemberEntity } from './member.entity';

export interface LoginCandidate {
  member: MemberEntity;
  passwordHash: string;
  organizationSlug: string;
}

@Injectable()
export class MemberRepository {
  constructor(private readonly dataSource: DataSource) {}

  findById(
    organizationId: string,
    memberId: string,
    manager: EntityManager = this.dataSource.manager,
  ) {
    return manager.findOneBy(MemberEntity, { organizationId, id: memberId });
  }

  /** Active, confirmed members with a password whose email matches, across organizations (login only). */
  async findLoginCandidates(email: string): Promise<LoginCandidate[]> {
    const rows = await this.dataSource.manager
      .createQueryBuilder(MemberEntity, 'member')
      .addSelect('member.passwordHash')
      .innerJoin('organization', 'org', 'org.id = member.organization_id')
      .addSelect('org.slug', 'organization_slug')
      .where('member.email = :email', { email })
      .andWhere('member.is_active AND member.is_confirmed AND member.password_hash IS NOT NULL')
      .getRawAndEntities();
    return rows.entities.map((member, index) => ({
      member,
      passwordHash: member.passwordHash ?? '',
      organizationSlug: String(rows.raw[index].organization_slug),
    }));
  }

  async setPasswordAndConfirm(
    manager: EntityManager,
    organizationId: string,
    memberId: string,
    passwordHash: string,
  ): Promise<void> {
    await manager.update(
      MemberEntity,
      { organizationId, id: memberId },
      { passwordHash, isConfirmed: true },
    );
  }
}
