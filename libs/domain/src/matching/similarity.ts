/** String similarity on folded text (see fold()), each in 0..1. */

/** pg_trgm's trigrams: each word padded with two spaces in front and one behind. */
function trigrams(text: string): Set<string> {
  const result = new Set<string>();
  for (const word of text.split(' ').filter(Boolean)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) result.add(padded.slice(i, i + 3));
  }
  return result;
}

/** Shared trigrams over all trigrams, as pg_trgm's similarity(). */
export function trigramSimilarity(a: string, b: string): number {
  const left = trigrams(a);
  const right = trigrams(b);
  let shared = 0;
  for (const trigram of left) if (right.has(trigram)) shared++;
  const total = left.size + right.size - shared;
  return total === 0 ? 0 : shared / total;
}

/** Jaro-Winkler: forgiving of one slip in a short name (jon / john, smith / smyth). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  if (!a || !b) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const taken = new Array<boolean>(b.length).fill(false);
  const matchedA: string[] = [];
  for (let i = 0; i < a.length; i++) {
    for (let j = Math.max(0, i - window); j <= Math.min(b.length - 1, i + window); j++) {
      if (!taken[j] && a[i] === b[j]) {
        taken[j] = true;
        matchedA.push(a[i]);
        break;
      }
    }
  }
  const matches = matchedA.length;
  if (matches === 0) return 0;
  const matchedB = [...b].filter((_, j) => taken[j]);
  const transpositions = matchedA.filter((char, k) => char !== matchedB[k]).length / 2;
  const jaro = (matches / a.length + matches / b.length + (matches - transpositions) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}
