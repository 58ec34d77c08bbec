import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { LoginFailureRepository } from '@app/database';
import { DomainError } from '@app/http';

const WINDOW_SECONDS = 15 * 60;
const IP_MULTIPLIER = 10;

/** RATE_LIMIT_LOGIN failed logins per 15 minutes per email, ten times that per client IP. */
@Injectable()
export class LoginLimiter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly failures: LoginFailureRepository,
  ) {}

  private get limit(): number {
    return this.config.rateLimits.login;
  }

  async assertAllowed(email: string, ip: string): Promise<void> {
    if (this.limit === 0) return;
    for (const [key, limit] of [
      [`email:${email.toLowerCase()}`, this.limit],
      [`ip:${ip}`, this.limit * IP_MULTIPLIER],
    ] as const) {
      const window = await this.failures.window(key, WINDOW_SECONDS);
      if (window.count >= limit) {
        throw new DomainError('rate-limited', 'Too many failed logins; try again later', {
          retryAfter: window.resetsInSeconds,
        });
      }
    }
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    if (this.limit === 0) return;
    await this.failures.record([`email:${email.toLowerCase()}`, `ip:${ip}`]);
  }

  async recordSuccess(email: string): Promise<void> {
    if (this.limit === 0) return;
    await this.failures.clear(`email:${email.toLowerCase()}`);
  }
}
