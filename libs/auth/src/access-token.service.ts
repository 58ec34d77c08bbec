import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { MemberEntity } from '@app/database';
import type { AccessTokenClaims } from './jwt.strategy';

export const ACCESS_TOKEN_TTL_SECONDS = 900;

@Injectable()
export class AccessTokenService {
  constructor(private readonly jwt: JwtService) {}

  issue(
    member: Pick<MemberEntity, 'id' | 'organizationId' | 'role' | 'profiles' | 'partnerId'>,
  ): string {
    const claims: AccessTokenClaims = {
      sub: member.id,
      org: member.organizationId,
      role: member.role,
      profiles: member.profiles,
      partnerId: member.partnerId,
    };
    return this.jwt.sign(claims);
  }
}
