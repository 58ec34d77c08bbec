import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  AccessTokenService,
  hashOpaqueToken,
  newOpaqueToken,
  PasswordHasher,
} from '@app/auth';
import {
  MemberEntity,
  MemberInvitationRepository,
  MemberRepository,
  organizationId,
  RefreshTokenRepository,
  TenantContext,
} from '@app/database';
import { DomainError } from '@app/http';
import type { AcceptInviteDto, LoginDto, TokenPairDto } from './auth.dto';
import { LoginLimiter } from './login-limiter';

const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

function invalidCredentials(): DomainError {
  return new DomainError('invalid-credentials', 'The email or password is not correct');
}

function invalidRefreshToken(): DomainError {
  return new DomainError('invalid-refresh-token', 'The refresh token is not valid');
}

function invalidInvitation(): DomainError {
  return new DomainError(
    'invalid-invitation',
    'The invitation is unknown, expired or already used',
  );
}

/**
 * Login, token refresh, logout and invitations: public routes, so no organization is entered when
 * they start. Each finds its organization first through a system lookup (the credentials' member,
 * the refresh or invitation token), then does that organization's writes inside it.
 */
@Injectable()
export class AuthService {
  constructor(
    private readonly tenant: TenantContext,
    private readonly members: MemberRepository,
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly invitations: MemberInvitationRepository,
    private readonly accessTokens: AccessTokenService,
    private readonly passwords: PasswordHasher,
    private readonly limiter: LoginLimiter,
  ) {}

  async login(input: LoginDto, clientIp: string): Promise<TokenPairDto> {
    await this.limiter.assertAllowed(input.email, clientIp);
    const candidates = (await this.members.findLoginCandidates(input.email)).filter(
      (candidate) => !input.organization || candidate.organizationSlug === input.organization,
    );
    const matches: MemberEntity[] = [];
    for (const candidate of candidates.length ? candidates : [undefined]) {
      if (await this.passwords.verify(candidate?.passwordHash, input.password)) {
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
    const [member] = matches;
    return this.tenant.run(organizationId(member.organizationId), () =>
      this.issuePair(member, randomUUID()),
    );
  }

  /**
   * Rotates the token: marks it used and issues its successor in one transaction. A token another
   * request used or revoked first is reuse: its whole family is revoked.
   */
  async refresh(refreshToken: string): Promise<TokenPairDto> {
    const stored = await this.refreshTokens.findByHashInAnyOrganization(
      hashOpaqueToken(refreshToken),
    );
    if (!stored || stored.revokedAt || stored.expiresAt.getTime() <= Date.now()) {
      throw invalidRefreshToken();
    }
    const { organizationId: org, familyId } = stored;
    return this.tenant.run(organizationId(org), async () => {
      const rotated = await this.tenant.transaction(async () => {
        if (!(await this.refreshTokens.markUsed(org, stored.id))) return null;
        const member = await this.members.findById(org, stored.memberId);
        if (!member?.isActive) throw invalidRefreshToken();
        return this.issuePair(member, familyId);
      });
      if (rotated) return rotated;
      await this.refreshTokens.revokeFamily(org, familyId);
      throw invalidRefreshToken();
    });
  }

  async logout(refreshToken: string): Promise<void> {
    const stored = await this.refreshTokens.findByHashInAnyOrganization(
      hashOpaqueToken(refreshToken),
    );
    if (!stored) return;
    await this.tenant.run(organizationId(stored.organizationId), () =>
      this.refreshTokens.revokeFamily(stored.organizationId, stored.familyId),
    );
  }

  /** Uses the invitation, sets the password, confirms the member and logs it in: all or nothing. */
  async acceptInvite(input: AcceptInviteDto): Promise<TokenPairDto> {
    const passwordHash = await this.passwords.hash(input.password);
    const tokenHash = hashOpaqueToken(input.token);
    const found = await this.invitations.findUsableInAnyOrganization(tokenHash);
    if (!found) throw invalidInvitation();
    const org = found.organizationId;
    return this.tenant.run(organizationId(org), () =>
      this.tenant.transaction(async () => {
        const invitation = await this.invitations.consume(org, tokenHash);
        const invited = invitation && (await this.members.findById(org, invitation.memberId));
        if (!invited?.isActive) throw invalidInvitation();
        await this.members.setPasswordAndConfirm(org, invited.id, passwordHash);
        return this.issuePair(invited, randomUUID());
      }),
    );
  }

  /** Stores a new refresh token of the family: inside the member's organization. */
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
