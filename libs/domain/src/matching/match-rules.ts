/** The duplicate signals, in the order they are reported. */
export const MATCH_REASONS = ['PHONE', 'EMAIL', 'NAME_DOB', 'NAME_ADDRESS', 'ADDRESS'] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];

/**
 * The contact points people share: a shelter's address, a front-desk phone, a caseworker's mailbox
 * given by many unrelated people are shared contact points, and no evidence of a household.
 */
export const CONTACT_POINTS = ['PHONE', 'EMAIL', 'ADDRESS'] as const;
export type ContactPoint = (typeof CONTACT_POINTS)[number];

/**
 * Weight of each signal, as in a CiviCRM dedupe rule, but a fuzzy signal contributes its weight times
 * its strength (0..1), and signals combine as independent evidence: score = 1 - Π(1 - weight × strength).
 */
export const MATCH_WEIGHTS: Record<MatchReason, number> = {
  PHONE: 0.5,
  EMAIL: 0.6,
  NAME_DOB: 0.9,
  NAME_ADDRESS: 0.8,
  ADDRESS: 0.5,
};

/** A pair scoring at least this is suggested: one shared phone or address is enough to look. */
export const MATCH_THRESHOLD = 0.5;

/** Names at least this alike (see nameSimilarity) count as the same name. */
export const NAME_THRESHOLD = 0.85;

/** A birth date with a slip (day and month swapped, one digit) counts only with names this alike. */
export const STRONG_NAME_THRESHOLD = 0.95;

/** Strength of a near-miss signal: a mistyped email, an initial for the first name, a date slip. */
export const NEAR_MISS_STRENGTH = 0.9;

/** What members of one household share anyway: alone, they suggest nothing inside a household. */
export const HOUSEHOLD_REASONS: readonly MatchReason[] = CONTACT_POINTS;

/**
 * A contact point is shared (see CONTACT_POINTS) once this many live constituents of different
 * households and different surnames give it: more than a family or a flat-share.
 */
export const SHARED_POINT_MIN_PEOPLE = 4;
