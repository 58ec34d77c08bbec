/**
 * What a constituent may consent to (docs/CONSENT.md): sharing their record with the partners'
 * members, being texted, being emailed, and being asked the demographic survey.
 */
export const CONSENT_PURPOSES = [
  'SHARE_WITH_PARTNERS',
  'CONTACT_SMS',
  'CONTACT_EMAIL',
  'SURVEY',
] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** How a consent was given or withdrawn; PUBLIC_FORM is the one public intake records. */
export const CONSENT_METHODS = ['VERBAL', 'WRITTEN', 'ELECTRONIC', 'PUBLIC_FORM'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

/** The consent each channel of a send to a constituent needs (when one is recorded). */
export const CHANNEL_CONSENT = {
  SMS: 'CONTACT_SMS',
  EMAIL: 'CONTACT_EMAIL',
} as const satisfies Record<string, ConsentPurpose>;
