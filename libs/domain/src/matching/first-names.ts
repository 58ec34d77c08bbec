import { areNicknames } from './nicknames';

const GENERATION_SUFFIXES = new Set(['jr', 'sr', 'junior', 'senior', 'ii', 'iii', 'iv']);
const FINAL_VOWEL = /[aeio]$/;
const FEMININE_ENDINGS = ['a', 'e', 'le', 'ne'];

/** The generation suffixes of a folded full name ("john miller jr" → jr). */
function generation(fullName: string): string[] {
  return fullName.split(' ').filter((word) => GENERATION_SUFFIXES.has(word));
}

/**
 * The feminine and masculine forms of one name (daniel / daniela / danielle, mario / maria,
 * paul / paula, louis / louise): alike to a string measure, but two people.
 */
function areGenderedForms(a: string, b: string): boolean {
  if (a === b || areNicknames(a, b)) return false;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  const extended = FEMININE_ENDINGS.some((ending) => longer === shorter + ending);
  return extended || a.replace(FINAL_VOWEL, '') === b.replace(FINAL_VOWEL, '');
}

/**
 * Whether two folded names certainly belong to two people however alike they look: twins'
 * gendered first names (Daniel / Daniela) or two different generation suffixes (Jr / Sr).
 */
export function areDifferentPeople(
  a: { first: string; last: string },
  b: { first: string; last: string },
): boolean {
  const suffixA = generation(`${a.first} ${a.last}`);
  const suffixB = generation(`${b.first} ${b.last}`);
  const otherGeneration =
    suffixA.length > 0 && suffixB.length > 0 && suffixA.join() !== suffixB.join();
  return otherGeneration || areGenderedForms(a.first.split(' ')[0], b.first.split(' ')[0]);
}

/** Whether one first name is the other's initial ("j" and "john"). */
export function isInitialOf(a: string, b: string): boolean {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return shorter.length === 1 && longer.length > 1 && longer.startsWith(shorter);
}
