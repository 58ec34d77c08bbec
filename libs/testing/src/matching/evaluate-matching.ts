import type { ContactPoint, MatchProfile, MatchReason } from '@app/domain';
import { CATEGORIES, Category, MatchCase } from './matching-corpus';

const EMPTY: MatchProfile = {
  firstName: null,
  lastName: null,
  phone: null,
  email: null,
  addressStreet: null,
  addressZip: null,
  dateOfBirth: null,
};

export const profile = (fields: Partial<MatchProfile>): MatchProfile => ({ ...EMPTY, ...fields });

/** A matcher under test: the score and reasons of a pair, and whether it is raised. */
export type Matcher = (
  a: MatchProfile,
  b: MatchProfile,
  shared: ContactPoint[],
) => { reasons: MatchReason[]; suggested: boolean };

export interface Outcome extends MatchCase {
  reasons: MatchReason[];
  suggested: boolean;
  /** Suggested, and related, and not two people called one person. */
  right: boolean;
}

const PERSON_REASONS: MatchReason[] = ['NAME_DOB', 'NAME_ADDRESS'];

export function evaluate(corpus: MatchCase[], matcher: Matcher): Outcome[] {
  return corpus.map((pair) => {
    const result = matcher(profile(pair.a), profile(pair.b), pair.shared ?? []);
    const saysPerson = result.reasons.some((reason) => PERSON_REASONS.includes(reason));
    const right =
      result.suggested && pair.expected !== null && !(pair.expected === 'HOUSEHOLD' && saysPerson);
    return { ...pair, ...result, right };
  });
}

export interface CategoryScore {
  category: Category | 'all';
  pairs: number;
  related: number;
  suggested: number;
  /** Right suggestions over suggestions; 1 when nothing was suggested. */
  precision: number;
  /** Right suggestions over related pairs; 1 when there are none. */
  recall: number;
}

function scoreOf(category: Category | 'all', outcomes: Outcome[]): CategoryScore {
  const right = outcomes.filter((o) => o.right).length;
  const suggested = outcomes.filter((o) => o.suggested).length;
  const related = outcomes.filter((o) => o.expected !== null).length;
  return {
    category,
    pairs: outcomes.length,
    related,
    suggested,
    precision: suggested ? right / suggested : 1,
    recall: related ? right / related : 1,
  };
}

export function scoresByCategory(outcomes: Outcome[]): CategoryScore[] {
  return [
    ...CATEGORIES.map((category) =>
      scoreOf(
        category,
        outcomes.filter((o) => o.category === category),
      ),
    ),
    scoreOf('all', outcomes),
  ];
}

export function formatScores(scores: CategoryScore[]): string {
  const rows = scores.map(
    (s) =>
      `| ${s.category} | ${s.pairs} | ${s.related} | ${s.suggested} | ${s.precision.toFixed(3)} | ${s.recall.toFixed(3)} |`,
  );
  return [
    '| category | pairs | related | suggested | precision | recall |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
