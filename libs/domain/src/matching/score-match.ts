import {
  ContactPoint,
  HOUSEHOLD_REASONS,
  MATCH_REASONS,
  MATCH_THRESHOLD,
  MATCH_WEIGHTS,
  MatchReason,
  NAME_THRESHOLD,
  NEAR_MISS_STRENGTH,
  STRONG_NAME_THRESHOLD,
} from './match-rules';
import { isEmailSlip } from './email-similarity';
import { areDifferentPeople, isInitialOf } from './first-names';
import { nameSimilarity, PersonName } from './name-similarity';
import { fold, normalizeEmail, phoneDigits, streetKey } from './normalize';
import { jaroWinkler } from './similarity';

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

/** Whether the pair is likely one person, or two people likely of one household. */
export type MatchKind = 'PERSON' | 'HOUSEHOLD';

export interface MatchScore {
  /** 0..1, three decimals. */
  score: number;
  /** Every signal that fired, those on shared contact points included. */
  reasons: MatchReason[];
  /** The reasons that are shared contact points (a shelter's address): they add nothing to the score. */
  sharedReasons: ContactPoint[];
}

/** The reasons that say one person rather than one household. */
const PERSON_REASONS: readonly MatchReason[] = ['NAME_DOB', 'NAME_ADDRESS'];

export function matchKind(reasons: readonly MatchReason[]): MatchKind {
  return reasons.some((reason) => PERSON_REASONS.includes(reason)) ? 'PERSON' : 'HOUSEHOLD';
}

function personName(profile: MatchProfile): PersonName | null {
  const first = fold(profile.firstName ?? '');
  const last = fold(profile.lastName ?? '');
  return first && last ? { first, last } : null;
}

/** 1 for the same date, a near miss for a likely slip (one digit, day and month swapped), 0 for another date, null if unknown. */
function birthDateSimilarity(a: string | null, b: string | null): number | null {
  if (!a || !b) return null;
  if (a === b) return 1;
  const [yearA, monthA, dayA] = a.split('-');
  const [yearB, monthB, dayB] = b.split('-');
  const swapped = yearA === yearB && monthA === dayB && dayA === monthB;
  const oneSlip = [...a].filter((char, index) => char !== b[index]).length === 1;
  return swapped || oneSlip ? NEAR_MISS_STRENGTH : 0;
}

/** The same surname and a first name given as the other's initial ("J. Whitaker", "John Whitaker"). */
function isInitialMatch(a: PersonName, b: PersonName): boolean {
  return isInitialOf(a.first, b.first) && jaroWinkler(a.last, b.last) >= STRONG_NAME_THRESHOLD;
}

function sameValue(a: string | null, b: string | null): boolean {
  return a !== null && a === b;
}

/** How alike the names are, and whether the pair can be one person at all. */
function compareNames(a: MatchProfile, b: MatchProfile) {
  const nameA = personName(a);
  const nameB = personName(b);
  if (!nameA || !nameB) return { similarity: 0, initial: false, twoPeople: false };
  return {
    similarity: nameSimilarity(nameA, nameB),
    initial: isInitialMatch(nameA, nameB) || isInitialMatch(nameB, nameA),
    twoPeople: areDifferentPeople(nameA, nameB),
  };
}

/** The strength (0..1) of each signal that fires for the pair. */
function signals(a: MatchProfile, b: MatchProfile): Map<MatchReason, number> {
  const fired = new Map<MatchReason, number>();
  if (sameValue(phoneDigits(a.phone), phoneDigits(b.phone))) fired.set('PHONE', 1);
  const sameAddress =
    sameValue(a.addressZip, b.addressZip) &&
    sameValue(streetKey(a.addressStreet), streetKey(b.addressStreet));
  if (sameAddress) fired.set('ADDRESS', 1);
  const names = compareNames(a, b);
  const sameName = !names.twoPeople && names.similarity >= NAME_THRESHOLD;
  if (sameValue(normalizeEmail(a.email), normalizeEmail(b.email))) fired.set('EMAIL', 1);
  else if (sameName && isEmailSlip(a.email, b.email)) fired.set('EMAIL', NEAR_MISS_STRENGTH);
  if (names.twoPeople) return fired;
  const birthDate = birthDateSimilarity(a.dateOfBirth, b.dateOfBirth);
  if (sameName) {
    const strong = names.similarity >= STRONG_NAME_THRESHOLD;
    if (birthDate === 1 || (birthDate && strong))
      fired.set('NAME_DOB', names.similarity * birthDate);
    if (sameAddress && birthDate !== 0) fired.set('NAME_ADDRESS', names.similarity);
  } else if (names.initial && birthDate === 1) {
    fired.set('NAME_DOB', NEAR_MISS_STRENGTH);
  }
  return fired;
}

/**
 * How likely two constituents are one person or one household, and why. `shared` are the contact
 * points of the pair known to be shared by unrelated people: they are reported but weigh nothing
 * on their own; one name at one shelter (NAME_ADDRESS) still counts, as residents are dozens.
 */
export function scoreMatch(
  a: MatchProfile,
  b: MatchProfile,
  shared: readonly ContactPoint[] = [],
): MatchScore {
  const fired = signals(a, b);
  const reasons = MATCH_REASONS.filter((reason) => fired.has(reason));
  const sharedReasons = shared.filter((point) => fired.has(point));
  const missed = reasons
    .filter((reason) => !(sharedReasons as MatchReason[]).includes(reason))
    .reduce(
      (product, reason) => product * (1 - MATCH_WEIGHTS[reason] * (fired.get(reason) ?? 0)),
      1,
    );
  return { score: Math.round((1 - missed) * 1000) / 1000, reasons, sharedReasons };
}

/**
 * Certainly one person, so intake may reuse the record instead of creating another: the same phone
 * or email (not a shared contact point: two residents of one name at a shelter are two people),
 * the same first and last name once normalized, and no conflicting birth date.
 */
export function isSamePerson(
  a: MatchProfile,
  b: MatchProfile,
  shared: readonly ContactPoint[] = [],
): boolean {
  const samePhone =
    !shared.includes('PHONE') && sameValue(phoneDigits(a.phone), phoneDigits(b.phone));
  const sameEmail =
    !shared.includes('EMAIL') && sameValue(normalizeEmail(a.email), normalizeEmail(b.email));
  const nameA = personName(a);
  const nameB = personName(b);
  const sameName =
    nameA !== null && nameB !== null && nameA.first === nameB.first && nameA.last === nameB.last;
  const birthDatesAgree = !a.dateOfBirth || !b.dateOfBirth || a.dateOfBirth === b.dateOfBirth;
  return (samePhone || sameEmail) && sameName && birthDatesAgree;
}

/** Whether to raise the pair for review; inside one household, only person-level evidence counts. */
export function isSuggested(match: MatchScore, sameHousehold: boolean): boolean {
  if (match.score < MATCH_THRESHOLD) return false;
  return !sameHousehold || match.reasons.some((reason) => !HOUSEHOLD_REASONS.includes(reason));
}
