import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { isUUID } from 'class-validator';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { MemberCache, organizationId } from '@app/database';
import type { AccessProfile, MemberRole } from '@assist/contracts';
import type { AuthContext } from './auth-context';
import { permissionsOf } from '@assist/contracts';
import { rowScopeOf } from './row-scope';

export interface AccessTokenClaims {
  sub: string;
  org: string;
  role: MemberRole;
  profiles: AccessProfile[];
  partnerId: string | null;
}

/**
 * Verifies the bearer token, then takes the member's current row from MemberCache (invalidated by
 * every committed change to a member): a deactivated or removed member is refused at once, and a
 * changed role or profile applies to the next request.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly members: MemberCache,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject: jsonwebtoken would otherwise try (and fail) to parse the secret as a public key
      // on every request before making a secret key of it.
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')) as unknown as string,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  /** Also refuses a token without `exp`, which jsonwebtoken would accept as never expiring. */
  async validate(claims: AccessTokenClaims & { exp?: unknown }): Promise<AuthContext | false> {
    if (typeof claims.exp !== 'number') return false;
    if (!isUUID(claims.sub) || !isUUID(claims.org)) return false;
    // Read as the system role: the guard runs before the request enters its organization
    // (EnterOrganizationInterceptor). A database error propagates (503 when it is unreachable): it
    // says nothing of the token.
    const member = await this.members.find(claims.org, claims.sub);
    if (!member?.isActive || !member.isConfirmed) return false;
    return {
      memberId: member.id,
      organizationId: organizationId(member.organizationId),
      role: member.role,
      profiles: member.profiles,
      partnerId: member.partnerId,
      permissions: permissionsOf(member.role, member.profiles),
      rowScope: rowScopeOf(member.role, member.profiles),
    };
  }
}
