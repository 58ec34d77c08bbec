import argon2 from 'argon2';

export const MIN_PASSWORD_LENGTH = 12;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

/** A hash of a random password: verified against when no account matches, so timing does not tell. */
const decoy = hashPassword(`decoy-${Math.random()}-${Date.now()}`);

export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash ?? (await decoy), password);
  } catch {
    return false;
  }
}
