/** What an inbound SMS asks for when it is one of the carrier compliance keywords. */
export type SmsKeyword = 'STOP' | 'START' | 'HELP';

const KEYWORDS: Record<string, SmsKeyword> = {
  STOP: 'STOP',
  STOPALL: 'STOP',
  UNSUBSCRIBE: 'STOP',
  CANCEL: 'STOP',
  END: 'STOP',
  QUIT: 'STOP',
  REVOKE: 'STOP',
  OPTOUT: 'STOP',
  START: 'START',
  UNSTOP: 'START',
  HELP: 'HELP',
};

/** The keyword the whole message is (case-insensitive, surrounding whitespace ignored), else null. */
export function classifySmsKeyword(text: string): SmsKeyword | null {
  return KEYWORDS[text.trim().toUpperCase()] ?? null;
}
