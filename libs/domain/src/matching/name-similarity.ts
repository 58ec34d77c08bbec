import { areNicknames } from './nicknames';
import { jaroWinkler, trigramSimilarity } from './similarity';

export interface PersonName {
  first: string;
  last: string;
}

/** One folded name part against another: nicknames and contained surnames count as equal or close. */
function partSimilarity(a: string, b: string): number {
  if (areNicknames(a, b)) return 1;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  const contained = shorter.split(' ').every((word) => longer.split(' ').includes(word));
  return Math.max(contained ? 0.9 : 0, trigramSimilarity(a, b), jaroWinkler(a, b));
}

/**
 * How alike two folded names are, 0..1: the weaker of the two parts, in the better of the direct and
 * the swapped order (a first name written as the last name and vice versa).
 */
export function nameSimilarity(a: PersonName, b: PersonName): number {
  const direct = Math.min(partSimilarity(a.first, b.first), partSimilarity(a.last, b.last));
  const swapped = Math.min(partSimilarity(a.first, b.last), partSimilarity(a.last, b.first));
  return Math.max(direct, swapped);
}
