import { parsePhoneNumberFromString } from 'libphonenumber-js';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EARLIEST_BIRTH_YEAR = 1900;

/** Any written form of a phone number (US when it has no country code), as E.164; null if not valid. */
export function parseAnyPhone(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input, 'US');
  return parsed?.isValid() ? parsed.number : null;
}

/** A real calendar date written YYYY-MM-DD (no 2023-02-30). */
export function isCalendarDate(value: string): boolean {
  const parts = ISO_DATE.exec(value);
  if (!parts) return false;
  const [year, month, day] = parts.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** A plausible date of birth: a real date from 1900 up to today (UTC). */
export function isBirthDate(value: string, today: Date = new Date()): boolean {
  return (
    isCalendarDate(value) &&
    Number(value.slice(0, 4)) >= EARLIEST_BIRTH_YEAR &&
    value <= today.toISOString().slice(0, 10)
  );
}
