import { aliasKey, fold, phoneDigits } from '../matching';
import { REFERENCE_NUMBER_PATTERN } from '../needs/reference-number';

/**
 * What a constituent search text asks for, decided by its shape. A name comes folded, with its alias
 * (every word in canonical form: bill → william), matched against the stored name and alias keys.
 */
export type ConstituentSearch =
  | { kind: 'email'; email: string }
  | { kind: 'phone'; phoneDigits: string[] }
  | { kind: 'reference'; referenceNumber: string }
  | { kind: 'name'; name: string; alias: string; singleWord: boolean };

const PHONE_CHARACTERS = /^[\d\s()+.-]+$/;
/**
 * An email address (has @), a need's reference number (ABCD-7K3M9Q), a phone number in any
 * formatting (digits and + ( ) . - only), else a name; null when nothing searchable remains.
 */
export function parseConstituentSearch(query: string): ConstituentSearch | null {
  const text = query.trim();
  if (text.includes('@')) return { kind: 'email', email: text };
  const upper = text.toUpperCase();
  if (REFERENCE_NUMBER_PATTERN.test(upper)) return { kind: 'reference', referenceNumber: upper };
  if (PHONE_CHARACTERS.test(text)) {
    const digits = [phoneDigits(text), text.replace(/\D/g, '')].filter((d): d is string => !!d);
    return digits.length ? { kind: 'phone', phoneDigits: [...new Set(digits)] } : null;
  }
  const name = fold(text);
  if (!name) return null;
  return { kind: 'name', name, alias: aliasKey(name) ?? name, singleWord: !name.includes(' ') };
}
