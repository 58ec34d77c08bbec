import { ValidateBy, ValidationArguments } from 'class-validator';
import type { EmailProviderName } from '@assist/contracts';
import { parseSmtpUrl } from '@app/messaging';

/** Field rules of the email settings DTOs that depend on the chosen provider. */

const providerOf = (args?: ValidationArguments) =>
  (args?.object as { provider?: EmailProviderName }).provider;

/** For smtp, apiKey is a connection URL with credentials. */
export const SmtpUrlWhenSmtp = () =>
  ValidateBy({
    name: 'smtpUrlWhenSmtp',
    validator: {
      validate: (value, args) => {
        if (providerOf(args) !== 'smtp') return true;
        const smtp = typeof value === 'string' ? parseSmtpUrl(value) : null;
        return Boolean(smtp?.user && smtp.pass);
      },
      defaultMessage: () =>
        'apiKey must be an SMTP connection URL with credentials: smtp://user:pass@host:port or smtps://...',
    },
  });

/** A field only mailgun takes: refused for the other providers, and for mailgun required if `required`. */
export const MailgunOnly = (required: boolean) =>
  ValidateBy({
    name: 'mailgunOnly',
    validator: {
      validate: (value, args) =>
        providerOf(args) === 'mailgun' ? !required || value != null : value == null,
      defaultMessage: (args) =>
        providerOf(args) === 'mailgun'
          ? `${args?.property} is required for mailgun`
          : `${args?.property} applies to mailgun only`,
    },
  });
