import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { RateLimitStore } from '@app/database';
import { RateLimitCount, RateLimitPolicy, refuseWhenSpent } from '@app/http';
import { DeviceTokens } from './device-tokens';

const WINDOW_SECONDS = 15 * 60;
const ADDRESS_MULTIPLIER = 10;
const REFUSAL = 'Too many failed attempts; try again later';

/** Whose attempts a login spent: a known device's (its id), or else its email's. */
export interface LoginAdmission {
  device?: string;
}

/**
 * Failed credentials per 15 minutes, counted in PostgreSQL across every API process, each counted
 * before the password is checked so that parallel guesses cannot pass it (docs/SECURITY.md, "Login"):
 *
 * - a login with a device token (DeviceTokens) for its email spends one of that device's
 *   RATE_LIMIT_LOGIN attempts, and nothing else: no failure of other clients, on the email or from
 *   the address, refuses a device that logged in before;
 * - any other login, and one whose device spent its attempts, is refused before any hashing when
 *   its client address has had ten times RATE_LIMIT_LOGIN failures (wrong passwords and unknown
 *   invitation tokens), and otherwise spends one of its email's RATE_LIMIT_LOGIN attempts.
 *
 * A correct password gives back the attempts of the device or email it spent.
 */
@Injectable()
export class LoginLimiter {
  private readonly perEmail: RateLimitPolicy;
  private readonly perDevice: RateLimitPolicy;
  private readonly perAddress: RateLimitPolicy;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly store: RateLimitStore,
    private readonly devices: DeviceTokens,
  ) {
    const limit = config.rateLimits.login;
    this.perEmail = { name: 'login-email', limit, windowSeconds: WINDOW_SECONDS };
    this.perDevice = { name: 'login-device', limit, windowSeconds: WINDOW_SECONDS };
    this.perAddress = {
      name: 'login-ip',
      limit: limit * ADDRESS_MULTIPLIER,
      windowSeconds: WINDOW_SECONDS,
    };
  }

  /**
   * Spends one attempt of the device or the email before the password is checked: 429 when none
   * is left. Each method adds the counts it made to `counted` (for the RateLimit header fields).
   */
  async admit(
    email: string,
    deviceToken: string | undefined,
    clientIp: string,
    counted: RateLimitCount[],
  ): Promise<LoginAdmission> {
    if (this.perEmail.limit === 0) return {};
    const device = this.devices.deviceOf(deviceToken, email);
    if (device) {
      const count = await this.store.consume(this.perDevice, device);
      counted.push(count);
      if (count.allowed) return { device };
    }
    const address = await this.store.peek(this.perAddress, clientIp);
    if (!address.allowed) {
      counted.push(address);
      refuseWhenSpent([address], REFUSAL);
    }
    await this.count(this.perEmail, emailKey(email), counted);
    return {};
  }

  /** A correct password: the device's or the email's attempts start over. */
  async succeeded(email: string, admission: LoginAdmission): Promise<void> {
    if (this.perEmail.limit === 0) return;
    if (admission.device) await this.store.reset(this.perDevice, admission.device);
    else await this.store.reset(this.perEmail, emailKey(email));
  }

  /**
   * A wrong password or an unknown invitation token: 429 instead of 401 once the address spent its
   * failures. A known device's failure was counted when it was admitted.
   */
  async failed(
    clientIp: string,
    counted: RateLimitCount[],
    admission: LoginAdmission = {},
  ): Promise<void> {
    if (this.perAddress.limit === 0 || admission.device) return;
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
