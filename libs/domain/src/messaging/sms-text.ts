import type { SmsKeyword } from './sms-keywords';

/** Longest alphanumeric sender id carriers accept. */
const ALPHANUMERIC_SENDER_LENGTH = 11;

/** The outgoing text: the organization's sender name, when it has one, before the body. */
export function composeSmsText(senderName: string | null, body: string): string {
  const name = senderName?.trim();
  return name ? `${name}: ${body}` : body;
}

/** A name as an alphanumeric sender id (letters, digits and spaces, at most 11), or null if none is left. */
export function alphanumericSenderId(name: string): string | null {
  const id = name
    .replace(/[^A-Za-z0-9 ]/g, '')
    .trim()
    .slice(0, ALPHANUMERIC_SENDER_LENGTH)
    .trim();
  return id || null;
}

export interface SupportContact {
  name: string;
  supportEmail: string | null;
  supportPhone: string | null;
}

/** The automatic answer to a compliance keyword. */
export function keywordReplyText(keyword: SmsKeyword, contact: SupportContact): string {
  switch (keyword) {
    case 'STOP':
      return `${contact.name}: You are unsubscribed and will receive no more messages. Reply START to resubscribe.`;
    case 'START':
      return `${contact.name}: You are subscribed again. Reply STOP to unsubscribe, HELP for help.`;
    case 'HELP': {
      const reach = [contact.supportEmail, contact.supportPhone].filter(Boolean).join(' or ');
      const help = reach ? `For help, contact ${reach}.` : 'For help, contact us directly.';
      return `${contact.name}: ${help} Reply STOP to unsubscribe.`;
    }
  }
}
