import {
  HOUSEHOLD_REASONS,
  MATCH_REASONS,
  MATCH_THRESHOLD,
  MATCH_WEIGHTS,
  MatchReason,
  NAME_THRESHOLD,
} from './match-rules';
import { nameSimilarity, PersonName } from './name-similarity';
import { fold, normalizeEmail, phoneDigits, streetKey } from './normalize';

/** What matching compares of a constituent, as entered (it normalizes each field itself). */
export interface MatchProfile {
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string | null;
  addressStreet: string | null;
  addressZip: string | null;
  dateOfBirth: string | null;
}

export interface MatchScore {
  /** 0..1, three decimals. */
  score: number;
  reasons: MatchReason[];
}

function personName(profile: MatchProfile): PersonName | null {
  const first = fold(profile.firstName ?? '');
  const last = fold(profile.lastName ?? '');
  return first && last ? { first, last } : null;
}

/** 1 for the same date, 0.9 for a likely slip (one digit, day and month swapped), 0 for another date, null if unknown. */
function birthDateSimilarity(a: string | null, b: string | null): number | null {
  if (!a || !b) return null;
  if (a === b) return 1;
  const [yearA, monthA, dayA] = a.split('-');
  const [yearB, monthB, dayB] = b.split('-');
  const swapped = yearA === yearB && monthA === dayB && dayA === monthB;
  const oneSlip = [...a].filter((char, index) => char !== b[index]).length === 1;
  return swapped || oneSlip ? 0.9 : 0;
}

function sameValue(a: string | null, b: string | null): boolean {
  return a !== null && a === b;
}

/** The strength (0..1) of each signal that fires for the pair. */
function signals(a: MatchProfile, b: MatchProfile): Map<MatchReason, number> {
  const fired = new Map<MatchReason, number>();
  if (sameValue(phoneDigits(a.phone), phoneDigits(b.phone))) fired.set('PHONE', 1);
  if (sameValue(normalizeEmail(a.email), normalizeEmail(b.email))) fired.set('EMAIL', 1);
  const sameAddress =
    sameValue(a.addressZip, b.addressZip) &&
    sameValue(streetKey(a.addressStreet), streetKey(b.addressStreet));
  if (sameAddress) fired.set('ADDRESS', 1);
  const nameA = personName(a);
  const nameB = personName(b);
  const name = nameA && nameB ? nameSimilarity(nameA, nameB) : 0;
  if (name >= NAME_THRESHOLD) {
    const birthDate = birthDateSimilarity(a.dateOfBirth, b.dateOfBirth);
    if (birthDate) fired.set('NAME_DOB', name * birthDate);
    if (sameAddress && birthDate !== 0) fired.set('NAME_ADDRESS', name);
  }
  return fired;
}

/** How likely two constituents are one person or one household, and why. */
export function scoreMatch(a: MatchProfile, b: MatchProfile): MatchScore {
  const fired = signals(a, b);
  const reasons = MATCH_REASONS.filter((reason) => fired.has(reason));
  const missed = reasons.reduce(
    (product, reason) => product * (1 - MATCH_WEIGHTS[reason] * (fired.get(reason) ?? 0)),
    1,
  );
  return { score: Math.round((1 - missed) * 1000) / 1000, reasons };
}

/**
 * Certainly one person, so intake may reuse the record instead of creating another: the same phone
 * or email, the same first and last name once normalized, and no conflicting birth date.
 */
export function isSamePerson(a: MatchProfile, b: MatchProfile): boolean {
  const sameContact =
    sameValue(phoneDigits(a.phone), phoneDigits(b.phone)) ||
    sameValue(normalizeEmail(a.email), normalizeEmail(b.email));
  const nameA = personName(a);
  const nameB = personName(b);
  const sameName =
    nameA !== null && nameB !== null && nameA.first === nameB.first && nameA.last === nameB.last;
  const birthDatesAgree = !a.dateOfBirth || !b.dateOfBirth || a.dateOfBirth === b.dateOfBirth;
  return sameContact && sameName && birthDatesAgree;
}

/** Whether to raise the pair for review; inside one household, only person-level evidence counts. */
export function isSuggested(match: MatchScore, sameHousehold: boolean): boolean {
  if (match.score < MATCH_THRESHOLD) return false;
  return !sameHousehold || match.reasons.some((reason) => !HOUSEHOLD_REASONS.includes(reason));
}
