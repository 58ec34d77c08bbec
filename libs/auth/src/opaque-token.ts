import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret handed to a client once; only its hash is stored. */
export function newOpaqueToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
