import { SHARED_POINT_MIN_PEOPLE } from './match-rules';
import { fold, normalizeEmail, phoneDigits, streetKey } from './normalize';

/** One contact point in its normalized form: phone digits, a lower-case email, ZIP and street key. */
export type ContactPointKey =
  | { kind: 'PHONE'; phoneDigits: string }
  | { kind: 'EMAIL'; email: string }
  | { kind: 'ADDRESS'; zip: string; streetKey: string };

export interface ContactFields {
  phone: string | null;
  email: string | null;
  addressStreet: string | null;
  addressZip: string | null;
}

/** The contact points a constituent gives. */
export function contactPointsOf(fields: ContactFields): ContactPointKey[] {
  const points: ContactPointKey[] = [];
  const digits = phoneDigits(fields.phone);
  if (digits) points.push({ kind: 'PHONE', phoneDigits: digits });
  const email = normalizeEmail(fields.email);
  if (email) points.push({ kind: 'EMAIL', email });
  const street = streetKey(fields.addressStreet);
  if (street && fields.addressZip)
    points.push({ kind: 'ADDRESS', zip: fields.addressZip, streetKey: street });
  return points;
}

/** A point's key as stored (unique per organization and kind). */
export function contactPointKey(point: ContactPointKey): string {
  if (point.kind === 'PHONE') return point.phoneDigits;
  if (point.kind === 'EMAIL') return point.email;
  return `${point.zip} ${point.streetKey}`;
}

/** Someone who gives a contact point, as detection counts them. */
export interface PointHolder {
  householdId: string;
  lastName: string | null;
}

/**
 * Whether the people giving one contact point are many and otherwise unrelated: at least
 * SHARED_POINT_MIN_PEOPLE households and as many surnames (a family, or a flat-share, is fewer).
 */
export function isSharedPoint(holders: readonly PointHolder[]): boolean {
  const households = new Set(holders.map((holder) => holder.householdId));
  const surnames = new Set(holders.flatMap((holder) => fold(holder.lastName ?? '') || []));
  return households.size >= SHARED_POINT_MIN_PEOPLE && surnames.size >= SHARED_POINT_MIN_PEOPLE;
}
