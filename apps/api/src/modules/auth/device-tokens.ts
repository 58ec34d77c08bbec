import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@app/config';

/** How long a device token proves a device's earlier login. */
const DEVICE_TOKEN_TTL_SECONDS = 90 * 24 * 3600;

/**
 * Proof that a device logged in to an email before: handed out by a successful login or invitation,
 * sent back with that device's later logins to the email (see LoginLimiter). Signed, not stored:
 * `<device id>.<expiry, epoch seconds>.<HMAC-SHA256 of both and the email>`, under a key derived
 * from JWT_SECRET, so a token says nothing about another email and no client can make one.
 */
@Injectable()
export class DeviceTokens {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = createHmac('sha256', config.jwtSecret).update('login device token').digest();
  }

  issue(email: string, now = Date.now()): string {
    const device = randomBytes(16).toString('base64url');
    const expires = Math.floor(now / 1000) + DEVICE_TOKEN_TTL_SECONDS;
    return `${device}.${expires}.${this.signature(device, expires, email)}`;
  }

  /** The device id of an unexpired token issued for this email (any case); undefined otherwise. */
  deviceOf(token: string | undefined, email: string, now = Date.now()): string | undefined {
    const [device, expires, signature, ...rest] = token?.split('.') ?? [];
    if (!device || !signature || rest.length > 0 || !/^\d{1,12}$/.test(expires)) return undefined;
    if (Number(expires) * 1000 <= now) return undefined;
    const expected = Buffer.from(this.signature(device, Number(expires), email));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected)
      ? device
      : undefined;
  }

  private signature(device: string, expires: number, email: string): string {
    return createHmac('sha256', this.key)
      .update(`${device}.${expires}.${email.toLowerCase()}`)
      .digest('base64url');
  }
}
