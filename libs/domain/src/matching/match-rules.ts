/** The duplicate signals, in the order they are reported. */
export const MATCH_REASONS = ['PHONE', 'EMAIL', 'NAME_DOB', 'NAME_ADDRESS', 'ADDRESS'] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];

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

/** What members of one household share anyway: alone, they suggest nothing inside a household. */
export const HOUSEHOLD_REASONS: readonly MatchReason[] = ['PHONE', 'EMAIL', 'ADDRESS'];
