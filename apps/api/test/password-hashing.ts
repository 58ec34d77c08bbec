import { PasswordHasher } from '@app/auth';
import type { TestApp } from '@app/testing';

export interface PasswordHashingCounts {
  hashes: number;
  verifications: number;
}

/** Counts, from now on, the password hashes and verifications the application computes. */
export function countPasswordHashing(api: TestApp): PasswordHashingCounts {
  const hasher = api.app.get(PasswordHasher);
  const { hash, verifyEach } = PasswordHasher.prototype;
  const counts = { hashes: 0, verifications: 0 };
  hasher.hash = (password) => {
    counts.hashes++;
    return hash.call(hasher, password);
  };
  hasher.verifyEach = (passwordHashes, password) => {
    counts.verifications += passwordHashes.length;
    return verifyEach.call(hasher, passwordHashes, password);
  };
  return counts;
}
