import { randomInt } from 'node:crypto';

/** Easy to read aloud: no 0/O, 1/I/L. */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERENCE_NUMBER_PATTERN = /^[A-Z]{3,6}-[2-9A-HJKMNP-Z]{6}$/;
const FALLBACK_PREFIX = 'REF';

/** A random public tracking code: the organization's short code (else REF), a dash, six characters. */
export function newReferenceNumber(
  shortCode: string | null,
  pick: (max: number) => number = randomInt,
): string {
  const prefix = shortCode && /^[A-Z]{3,6}$/.test(shortCode) ? shortCode : FALLBACK_PREFIX;
  let suffix = '';
  for (let index = 0; index < 6; index++)
    suffix += REFERENCE_ALPHABET[pick(REFERENCE_ALPHABET.length)];
  return `${prefix}-${suffix}`;
}
