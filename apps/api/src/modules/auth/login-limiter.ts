import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { LoginFailureRepository } from '@app/database';
import { DomainError } from '@app/http';

const WINDOW_SECONDS = 15 * 60;
const IP_MULTIPLIER = 10;

/** A failure counter's key and how many failures it allows per window. */
type Scope = readonly [key: string, limit: number];

/**
 * Failed credentials per 15 minutes, counted in the database: RATE_LIMIT_LOGIN failed logins per
 * email and ten times that per client IP; as many failed invitation acceptances per client IP (a
 * count of its own, so neither locks the other out).
 */
@Injectable()
export class LoginLimiter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly failures: LoginFailureRepository,
  ) {}

  private get limit(): number {
    return this.config.rateLimits.login;
  }

  assertAllowed(email: string, ip: string): Promise<void> {
    return this.assertUnder(this.loginScopes(email, ip));
  }

  recordFailure(email: string, ip: string): Promise<void> {
    return this.record(this.loginScopes(email, ip));
  }

  async recordSuccess(email: string): Promise<void> {
    if (this.limit === 0) return;
    await this.failures.clear(emailKey(email));
  }

  assertInvitationAllowed(ip: string): Promise<void> {
    return this.assertUnder([this.invitationScope(ip)]);
  }

  recordInvitationFailure(ip: string): Promise<void> {
    return this.record([this.invitationScope(ip)]);
  }

  private loginScopes(email: string, ip: string): Scope[] {
    return [
      [emailKey(email), this.limit],
      [`ip:${ip}`, this.limit * IP_MULTIPLIER],
    ];
  }

  private invitationScope(ip: string): Scope {
    return [`invitation-ip:${ip}`, this.limit * IP_MULTIPLIER];
  }

  private async assertUnder(scopes: Scope[]): Promise<void> {
    if (this.limit === 0) return;
    for (const [key, limit] of scopes) {
      const window = await this.failures.window(key, WINDOW_SECONDS);
      if (window.count >= limit) {
        throw new DomainError('rate-limited', 'Too many failed attempts; try again later', {
          retryAfter: window.resetsInSeconds,
        });
      }
    }
  }

  private async record(scopes: Scope[]): Promise<void> {
    if (this.limit === 0) return;
    await this.failures.record(scopes.map(([key]) => key));
  }
}

function emailKey(email: string): string {
  return `email:${email.toLowerCase()}`;
}
