import { PasswordHasher } from '@app/auth';
import type { TestApp } from '@app/testing';

export interface PasswordHashingCounts {
  hashes: number;
  verifications: number;
}

/** Counts, from now on, the password hashes and verifications the application computes. */
export function countPasswordHashing(api: TestApp): PasswordHashingCounts {
  const hasher = api.app.get(PasswordHasher);
  const { hash, verify } = PasswordHasher.prototype;
  const counts = { hashes: 0, verifications: 0 };
  hasher.hash = (password) => {
    counts.hashes++;
    return hash.call(hasher, password);
  };
  hasher.verify = (passwordHash, password) => {
    counts.verifications++;
    return verify.call(hasher, passwordHash, password);
  };
  return counts;
}
