export const EMAIL_PROVIDERS = ['smtp', 'sendgrid', 'mailgun', 'postmark'] as const;
export type EmailProviderName = (typeof EMAIL_PROVIDERS)[number];

export const MAILGUN_REGIONS = ['us', 'eu'] as const;
export type MailgunRegion = (typeof MAILGUN_REGIONS)[number];
