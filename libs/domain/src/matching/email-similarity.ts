import { editDistance } from './edit-distance';
import { normalizeEmail } from './normalize';

/** Mailbox providers whose misspelled domains (gmial.com, hotmail.con) are read as the provider's. */
const PROVIDER_DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'aol.com',
  'icloud.com',
  'live.com',
  'msn.com',
  'comcast.net',
  'protonmail.com',
];

/** The provider a domain is a one-key slip of, else the domain itself. */
function correctedDomain(domain: string): string {
  if (PROVIDER_DOMAINS.includes(domain)) return domain;
  return PROVIDER_DOMAINS.find((provider) => editDistance(domain, provider) === 1) ?? domain;
}

/** Local-part slips tolerated: one key in a short part, two from eight characters on. */
function tolerance(local: string): number {
  if (local.length >= 8) return 2;
  return local.length >= 4 ? 1 : 0;
}

/**
 * Whether two different addresses are likely one mailbox typed with a slip: the same domain (a
 * provider's misspelled domain counts as the provider's) and a local part one or two keys apart.
 */
export function isEmailSlip(a: string | null, b: string | null): boolean {
  const left = normalizeEmail(a)?.split('@');
  const right = normalizeEmail(b)?.split('@');
  if (left?.length !== 2 || right?.length !== 2) return false;
  const [localA, domainA] = left;
  const [localB, domainB] = right;
  if (correctedDomain(domainA) !== correctedDomain(domainB)) return false;
  const distance = editDistance(localA, localB);
  return distance <= Math.min(tolerance(localA), tolerance(localB));
}
