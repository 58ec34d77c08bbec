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
  type OrganizationId,
  type LoginCandidate,
  AuditLog,
  MemberEntity,
  MemberInvitationRepository,
  MemberRepository,
  organizationId,
  RefreshTokenRepository,
  TenantContext,
  type TenantTransaction,
} from '@app/database';
import { DomainError, RateLimitCount } from '@app/http';
import type { AcceptInviteDto, LoginDto, LoginTokensDto, TokenPairDto } from './auth.dto';
import { DeviceTokens } from './device-tokens';
import { LoginLimiter } from './login-limiter';

const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

/**
 * Password hashes a login without an organization verifies: one per organization the email
 * belongs to, up to this many; an email in more organizations must name the organization.
 */
const CHECKS_WITHOUT_ORGANIZATION = 2;

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
    private readonly devices: DeviceTokens,
    private readonly audit: AuditLog,
  ) {}

  /**
   * `counted` receives the rate limit counts the attempt spent (for the RateLimit header fields).
   * A login is logged in its organization (auth.login); a failure in every organization where the
   * email is an active member's (auth.login_failed, about that member).
   */
  async login(
    input: LoginDto,
    clientIp: string,
    counted: RateLimitCount[],
  ): Promise<LoginTokensDto> {
    const admission = await this.limiter.admit(input.email, input.deviceToken, clientIp, counted);
    const members = await this.members.findLoginCandidates(input.email);
    const candidates = members.filter(
      (candidate) => !input.organization || candidate.organizationSlug === input.organization,
    );
    const checked = await this.membersWithPassword(
      candidates,
      input.password,
      input.organization ? 1 : CHECKS_WITHOUT_ORGANIZATION,
    );
    if (checked.length === 0) {
      await this.limiter.failed(clientIp, counted, admission);
      await this.recordFailedLogin(members);
      throw invalidCredentials();
    }
    if (checked.length > 1 || candidates.length > CHECKS_WITHOUT_ORGANIZATION) {
      throw new DomainError(
        'organization-required',
        'These credentials belong to several organizations; add the organization slug',
      );
    }
    await this.limiter.succeeded(input.email, admission);
    const [member] = checked;
    // The system role found the member: its organization is trusted from here on.
    const org = organizationId(member.organizationId);
    const pair = await this.tenant.run(org, () =>
      this.tenant.transaction(async (tx) => {
        const issued = await this.issuePair(org, member, randomUUID());
        await this.recordLogin(tx, member, 'password');
        return issued;
      }),
    );
    return { ...pair, deviceToken: this.devices.issue(input.email) };
  }

  /**
   * Rotates the token under its family's lock: marks it used and issues its successor in one
   * transaction. A token that was already used is reuse: the whole family, with whatever a
   * concurrent rotation issued, is revoked. Of parallel refreshes of one token, exactly one wins.
   */
  async refresh(refreshToken: string): Promise<TokenPairDto> {
    const found = await this.refreshTokens.findByHashInAnyOrganization(
      hashOpaqueToken(refreshToken),
    );
    if (!found) throw invalidRefreshToken();
    // The system role found the token: its organization is trusted from here on.
    const org = organizationId(found.organizationId);
    const familyId = found.familyId;
    const rotated = await this.inFamilyLock(org, familyId, async (tx) => {
      const token = await this.refreshTokens.findById(org, found.id);
      if (!token || token.revokedAt || token.expiresAt.getTime() <= Date.now()) return null;
      if (token.usedAt) {
        await this.refreshTokens.revokeFamily(org, familyId);
        return null;
      }
      const member = await this.members.findByIdLocked(org, tx, token.memberId);
      if (!member?.isActive) return null;
      await this.refreshTokens.markUsed(org, token.id);
      return this.issuePair(org, member, familyId);
    });
    if (!rotated) throw invalidRefreshToken();
    return rotated;
  }

  async logout(refreshToken: string): Promise<void> {
    const found = await this.refreshTokens.findByHashInAnyOrganization(
      hashOpaqueToken(refreshToken),
    );
    if (!found) return;
    const org = organizationId(found.organizationId);
    await this.inFamilyLock(org, found.familyId, () =>
      this.refreshTokens.revokeFamily(org, found.familyId),
    );
  }

  /**
   * Uses the invitation, sets the password, confirms the member and logs it in (with a device token
   * for its email): all or nothing. Unknown tokens count against the client address with failed
   * logins.
   */
  async acceptInvite(
    input: AcceptInviteDto,
    clientIp: string,
    counted: RateLimitCount[],
  ): Promise<LoginTokensDto> {
    const tokenHash = hashOpaqueToken(input.token);
    const found = await this.invitations.findUsableInAnyOrganization(tokenHash);
    if (!found) {
      await this.limiter.failed(clientIp, counted);
      throw invalidInvitation();
    }
    // Hashed only now, for a usable invitation: a guessed token costs no argon2.
    const passwordHash = await this.passwords.hash(input.password);
    const org = organizationId(found.organizationId);
    return this.tenant.run(org, () =>
      this.tenant.transaction(async (tx) => {
        const invitation = await this.invitations.consume(org, tokenHash);
        const invited = invitation && (await this.members.findById(org, invitation.memberId));
        if (!invited?.isActive) throw invalidInvitation();
        await this.members.setPasswordAndConfirm(org, invited.id, passwordHash);
        const pair = await this.issuePair(org, invited, randomUUID());
        await this.recordLogin(tx, invited, 'invitation');
        return { ...pair, deviceToken: this.devices.issue(invited.email) };
      }),
    );
  }

  /**
   * The candidates (oldest first) the password matches, verifying exactly `checks` hashes: decoys
   * make up for missing candidates and further ones are not checked, so the time a login takes
   * does not tell how many organizations an email belongs to.
   */
  private async membersWithPassword(
    candidates: LoginCandidate[],
    password: string,
    checks: number,
  ): Promise<MemberEntity[]> {
    const slots = Array.from({ length: checks }, (_, index) => candidates.at(index));
    const verified = await this.passwords.verifyEach(
      slots.map((candidate) => candidate?.passwordHash),
      password,
    );
    return slots.flatMap((candidate, index) =>
      candidate && verified[index] ? [candidate.member] : [],
    );
  }

  /** Runs work in one transaction of the token family's organization, holding the family's lock. */
  private inFamilyLock<T>(
    org: OrganizationId,
    familyId: string,
    work: (tx: TenantTransaction) => Promise<T>,
  ): Promise<T> {
    return this.tenant.run(org, () =>
      this.tenant.transaction(async (tx) => {
        await this.refreshTokens.lockFamily(org, tx, familyId);
        return work(tx);
      }),
    );
  }

  /** auth.login, by and about the member who logged in, with a password or an invitation. */
  private async recordLogin(
    tx: TenantTransaction,
    member: MemberEntity,
    method: 'password' | 'invitation',
  ): Promise<void> {
    await this.audit.record(tx, {
      action: 'auth.login',
      subjectType: 'member',
      subjectId: member.id,
      details: { method },
      actor: { type: 'MEMBER', id: member.id },
    });
  }

  /** auth.login_failed in each organization of the members the email names, about that member. */
  private async recordFailedLogin(members: LoginCandidate[]): Promise<void> {
    await Promise.all(
      members.map(({ member }) => {
        const org = organizationId(member.organizationId);
        return this.tenant.run(org, () =>
          this.tenant.transaction((tx) =>
            this.audit.record(tx, {
              action: 'auth.login_failed',
              subjectType: 'member',
              subjectId: member.id,
              actor: { type: 'PUBLIC', id: null },
            }),
          ),
        );
      }),
    );
  }

  /** Stores a new refresh token of the family: inside the member's organization. */
  private async issuePair(
    org: OrganizationId,
    member: MemberEntity,
    familyId: string,
  ): Promise<TokenPairDto> {
    const { token, hash } = newOpaqueToken();
    await this.refreshTokens.insert(org, {
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
