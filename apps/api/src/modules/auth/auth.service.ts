import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  AccessTokenService,
  hashOpaqueToken,
  hashPassword,
  newOpaqueToken,
  verifyPassword,
} from '@app/auth';
import {
  Database,
  MemberEntity,
  MemberInvitationRepository,
  MemberRepository,
  RefreshTokenRepository,
} from '@app/database';
import { DomainError } from '@app/http';
import type { AcceptInviteDto, LoginDto, TokenPairDto } from './auth.dto';
import { LoginLimiter } from './login-limiter';

const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

function invalidCredentials(): DomainError {
  return new DomainError('invalid-credentials', 'The email or password is not correct');
}

@Injectable()
export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly members: MemberRepository,
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly invitations: MemberInvitationRepository,
    private readonly accessTokens: AccessTokenService,
    private readonly limiter: LoginLimiter,
  ) {}

  async login(input: LoginDto, clientIp: string): Promise<TokenPairDto> {
    await this.limiter.assertAllowed(input.email, clientIp);
    const candidates = (await this.members.findLoginCandidates(input.email)).filter(
      (candidate) => !input.organization || candidate.organizationSlug === input.organization,
    );
    const matches: MemberEntity[] = [];
    for (const candidate of candidates.length ? candidates : [undefined]) {
      if (await verifyPassword(candidate?.passwordHash, input.password)) {
        if (candidate) matches.push(candidate.member);
      }
    }
    if (matches.length === 0) {
      await this.limiter.recordFailure(input.email, clientIp);
      throw invalidCredentials();
    }
    if (matches.length > 1) {
      throw new DomainError(
        'organization-required',
        'These credentials belong to several organizations; add the organization slug',
      );
    }
    await this.limiter.recordSuccess(input.email);
    return this.issuePair(matches[0], randomUUID());
  }

  async refresh(refreshToken: string): Promise<TokenPairDto> {
    const stored = await this.refreshTokens.findByHash(hashOpaqueToken(refreshToken));
    const refused = new DomainError('invalid-refresh-token', 'The refresh token is not valid');
    if (!stored || stored.revokedAt || stored.expiresAt.getTime() <= Date.now()) throw refused;
    if (!(await this.refreshTokens.markUsed(stored.organizationId, stored.id))) {
      await this.refreshTokens.revokeFamily(stored.organizationId, stored.familyId);
      throw refused;
    }
    const member = await this.members.findById(stored.organizationId, stored.memberId);
    if (!member?.isActive) throw refused;
    return this.issuePair(member, stored.familyId);
  }

  async logout(refreshToken: string): Promise<void> {
    const stored = await this.refreshTokens.findByHash(hashOpaqueToken(refreshToken));
    if (stored) await this.refreshTokens.revokeFamily(stored.organizationId, stored.familyId);
  }

  async acceptInvite(input: AcceptInviteDto): Promise<TokenPairDto> {
    const passwordHash = await hashPassword(input.password);
    const member = await this.db.transaction(async (manager) => {
      const invitation = await this.invitations.consume(manager, hashOpaqueToken(input.token));
      const invited =
        invitation &&
        (await this.members.findById(invitation.organizationId, invitation.memberId, manager));
      if (!invitation || !invited?.isActive) {
        throw new DomainError(
          'invalid-invitation',
          'The invitation is unknown, expired or already used',
        );
      }
      await this.members.setPasswordAndConfirm(
        manager,
        invited.organizationId,
        invited.id,
        passwordHash,
      );
      return invited;
    });
    return this.issuePair(member, randomUUID());
  }

  private async issuePair(member: MemberEntity, familyId: string): Promise<TokenPairDto> {
    const { token, hash } = newOpaqueToken();
    await this.refreshTokens.insert({
      organizationId: member.organizationId,
      memberId: member.id,
      familyId,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    });
    return {
      accessToken: this.accessTokens.issue(member),
      refreshToken: token,
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      tokenType: 'Bearer',
    };
  }
}
