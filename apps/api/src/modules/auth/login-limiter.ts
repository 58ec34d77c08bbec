import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { RateLimitStore } from '@app/database';
import { RateLimitCount, RateLimitPolicy, refuseWhenSpent } from '@app/http';

const WINDOW_SECONDS = 15 * 60;
const ADDRESS_MULTIPLIER = 10;
const REFUSAL = 'Too many failed attempts; try again later';

/**
 * Failed credentials per 15 minutes, counted in PostgreSQL across every API process:
 * RATE_LIMIT_LOGIN attempts per email, reserved before the password is checked (so parallel
 * guesses cannot pass the limit) and given back by a correct password; and ten times that per
 * client address, shared by wrong passwords and unknown invitation tokens, which only ever turns a
 * wrong answer into a 429: a correct password or a real invitation is never refused because
 * others failed from the same address (everyone behind one proxy).
 */
@Injectable()
export class LoginLimiter {
  private readonly perEmail: RateLimitPolicy;
  private readonly perAddress: RateLimitPolicy;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly store: RateLimitStore,
  ) {
    const limit = config.rateLimits.login;
    this.perEmail = { name: 'login-email', limit, windowSeconds: WINDOW_SECONDS };
    this.perAddress = {
      name: 'login-ip',
      limit: limit * ADDRESS_MULTIPLIER,
      windowSeconds: WINDOW_SECONDS,
    };
  }

  /**
   * Spends one of the email's attempts before its password is checked: 429 once spent. Each
   * method adds the count it made to `counted` (for the RateLimit header fields).
   */
  async reserve(email: string, counted: RateLimitCount[]): Promise<void> {
    if (this.perEmail.limit === 0) return;
    await this.count(this.perEmail, emailKey(email), counted);
  }

  /** A correct password: the email's attempts start over. */
  async succeeded(email: string): Promise<void> {
    if (this.perEmail.limit === 0) return;
    await this.store.reset(this.perEmail, emailKey(email));
  }

  /** A wrong password or an unknown invitation token: 429 instead of 401 once the address spent its. */
  async failed(clientIp: string, counted: RateLimitCount[]): Promise<void> {
    if (this.perAddress.limit === 0) return;
    await this.count(this.perAddress, clientIp, counted);
  }

  private async count(policy: RateLimitPolicy, key: string, counted: RateLimitCount[]) {
    const count = await this.store.consume(policy, key);
    counted.push(count);
    refuseWhenSpent([count], REFUSAL);
  }
}

function emailKey(email: string): string {
  return email.toLowerCase();
}
