import { createPublicKey, KeyObject, verify } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, ConfigError } from '@app/config';

const MAX_AGE_SECONDS = 5 * 60;

/** TELNYX_PUBLIC_KEY as Telnyx's portal shows it (base64 of the raw 32-byte key), or a PEM key. */
function telnyxPublicKey(value: string): KeyObject {
  try {
    if (value.includes('-----BEGIN')) return createPublicKey(value);
    const raw = Buffer.from(value, 'base64');
    if (raw.length !== 32) throw new Error('not 32 bytes');
    return createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') },
      format: 'jwk',
    });
  } catch {
    throw new ConfigError(
      'TELNYX_PUBLIC_KEY',
      'must be an ed25519 public key: base64 of its 32 bytes, or PEM',
    );
  }
}

/**
 * Telnyx signs `${telnyx-timestamp}|${raw body}` with ed25519 (header telnyx-signature-ed25519,
 * base64). A request is Telnyx's when the signature verifies with TELNYX_PUBLIC_KEY and the
 * timestamp is within 5 minutes of now (older ones may be replays).
 */
@Injectable()
export class TelnyxSignatureVerifier {
  private readonly key: KeyObject | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = config.telnyx.publicKey ? telnyxPublicKey(config.telnyx.publicKey) : null;
  }

  /** Null when the request is Telnyx's, else why it is refused. */
  refusal(
    rawBody: Buffer | undefined,
    signature: string | undefined,
    timestamp: string | undefined,
    now = Date.now(),
  ): string | null {
    if (!this.key) return 'Webhook signatures cannot be verified: TELNYX_PUBLIC_KEY is not set';
    if (!rawBody || !signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) {
      return 'The telnyx-signature-ed25519 and telnyx-timestamp headers and a body are required';
    }
    if (Math.abs(now / 1000 - Number(timestamp)) > MAX_AGE_SECONDS) {
      return 'The webhook timestamp is more than 5 minutes away from now';
    }
    const signed = Buffer.concat([Buffer.from(`${timestamp}|`), rawBody]);
    let valid: boolean;
    try {
      valid = verify(null, signed, this.key, Buffer.from(signature, 'base64'));
    } catch {
      valid = false;
    }
    return valid ? null : 'The webhook signature is not valid';
  }
}
