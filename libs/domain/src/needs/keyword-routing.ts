/** A partner that may receive a need, with its focus keywords. */
export interface RoutingCandidate {
  id: string;
  name: string;
  keywords: readonly string[];
}

/** Lower-case words without accents: "Café-Épicerie" → ["cafe", "epicerie"]. */
export function normalizedWords(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

function containsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  for (let start = 0; start + phrase.length <= words.length; start++) {
    if (phrase.every((word, offset) => words[start + offset] === word)) return true;
  }
  return false;
}

/**
 * How well a description matches a partner's keywords: each distinct keyword found as whole words
 * scores its number of words, so "food bank" outweighs "food".
 */
export function keywordScore(
  descriptionWords: readonly string[],
  keywords: readonly string[],
): number {
  const phrases = new Map(keywords.map((keyword) => [normalizedWords(keyword).join(' '), keyword]));
  let score = 0;
  for (const phrase of phrases.keys()) {
    const words = phrase ? phrase.split(' ') : [];
    if (words.length > 0 && containsPhrase(descriptionWords, words)) score += words.length;
  }
  return score;
}

/** The best-scoring candidate (ties: by name, then id), or null when no keyword matches. */
export function routeByKeywords(
  description: string,
  candidates: readonly RoutingCandidate[],
): string | null {
  const words = normalizedWords(description);
  let best: { candidate: RoutingCandidate; score: number } | null = null;
  for (const candidate of candidates) {
    const score = keywordScore(words, candidate.keywords);
    if (
      score > 0 &&
      (!best ||
        score > best.score ||
        (score === best.score && ranksFirst(candidate, best.candidate)))
    ) {
      best = { candidate, score };
    }
  }
  return best?.candidate.id ?? null;
}

function ranksFirst(a: RoutingCandidate, b: RoutingCandidate): boolean {
  if (a.name !== b.name) return a.name < b.name;
  return a.id < b.id;
}
