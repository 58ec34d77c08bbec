import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

export const MIN_PASSWORD_LENGTH = 12;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

/**
 * A hash of a random password: verified against when no account matches, so timing does not tell.
 * Made on the first such login, not when the module loads (a hash costs about 0.2 s of CPU).
 */
let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`));

/**
 * The password hashing of the auth use cases (argon2id, deliberately costly), as a provider: how many
 * hashes a request computes is part of what it reveals, and tests count them here.
 */
@Injectable()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    return hashPassword(password);
  }

  /** Verifies against the decoy when there is no hash, so the cost is the same. */
  async verify(hash: string | undefined, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash ?? (await decoyHash()), password);
    } catch {
      return false;
    }
  }
}
