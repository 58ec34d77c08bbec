import { parseAnyPhone } from '../constituents/contact-fields';
import { canonicalName } from './nicknames';

const COMBINING_MARKS = /\p{M}/gu;
const APOSTROPHES = /['’`]/g;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/** Lower case, accents and punctuation removed, single spaces: "  Zoë O'Brien-Díaz " → "zoe obrien diaz". */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(APOSTROPHES, '')
    .replace(NOT_LETTER_OR_DIGIT, ' ')
    .trim();
}

/** The searchable name, "first last" folded; null when neither part has letters. */
export function nameKey(firstName: string | null, lastName: string | null): string | null {
  return fold(`${firstName ?? ''} ${lastName ?? ''}`) || null;
}

/** A name key with every word in its canonical form ("bill turner" → "william turner"), for search. */
export function aliasKey(nameKey: string | null): string | null {
  return nameKey?.split(' ').map(canonicalName).join(' ') ?? null;
}

export function normalizeEmail(email: string | null): string | null {
  return email?.trim().toLowerCase() || null;
}

/** The digits of the E.164 form of any written phone number ("(202) 555-0123" → "12025550123"). */
export function phoneDigits(phone: string | null): string | null {
  return phone ? (parseAnyPhone(phone)?.slice(1) ?? null) : null;
}

// prettier-ignore
const STREET_WORDS: Record<string, string> = {
  street: 'st', str: 'st', avenue: 'ave', av: 'ave', road: 'rd', drive: 'dr', lane: 'ln',
  boulevard: 'blvd', court: 'ct', place: 'pl', terrace: 'ter', parkway: 'pkwy', highway: 'hwy',
  circle: 'cir', square: 'sq', trail: 'trl', north: 'n', south: 's', east: 'e', west: 'w',
  northeast: 'ne', northwest: 'nw', southeast: 'se', southwest: 'sw', apartment: 'apt', unit: 'apt',
  suite: 'apt', ste: 'apt', first: '1st', second: '2nd', third: '3rd', fourth: '4th', fifth: '5th',
  sixth: '6th', seventh: '7th', eighth: '8th', ninth: '9th', tenth: '10th',
};

/** A street line in one spelling: "12 North Oak Street, Apt. #3" and "12 N Oak St #3" → "12 n oak st apt 3". */
export function streetKey(street: string | null): string | null {
  if (!street) return null;
  const words = fold(street.replace(/#\s*/g, ' apt ')).split(' ').filter(Boolean);
  const mapped = words.map((word) => STREET_WORDS[word] ?? word);
  return (
    mapped.filter((word, index) => word !== 'apt' || mapped[index - 1] !== 'apt').join(' ') || null
  );
}

/** The date with day and month swapped ("1985-04-07" → "1985-07-04"); null when that is no other date. */
export function swappedDayMonth(date: string | null): string | null {
  const [year, month, day] = date?.split('-') ?? [];
  if (!day || day === month || Number(day) > 12) return null;
  return `${year}-${day}-${month}`;
}
