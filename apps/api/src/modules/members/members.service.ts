import { Injectable } from '@nestjs/common';
import { MemberRepository } from '@app/database';
import { DomainError } from '@app/http';
import { MemberResponseDto, toMemberResponse } from './member.dto';

@Injectable()
export class MembersService {
  constructor(private readonly members: MemberRepository) {}

  async get(organizationId: string, memberId: string): Promise<MemberResponseDto> {
    const member = await this.members.findById(organizationId, memberId);
    if (!member) throw DomainError.notFound('Member');
    return toMemberResponse(member, null);
  }
}
