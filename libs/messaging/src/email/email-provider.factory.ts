import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { EmailProviderName, MailgunRegion } from '@assist/contracts';
import { AddressGuard } from './address-guard';
import type { EmailProvider } from './email-provider';
import { MailgunProvider } from './providers/mailgun.provider';
import { PostmarkProvider } from './providers/postmark.provider';
import { SendGridProvider } from './providers/sendgrid.provider';
import { SmtpProvider } from './providers/smtp.provider';

/** Mailgun's US endpoint is the configured default; an explicit MAILGUN_API_BASE_URL wins over the region. */
const MAILGUN_US_BASE_URL = 'https://api.mailgun.net';
const MAILGUN_EU_BASE_URL = 'https://api.eu.mailgun.net';

export interface EmailProviderSettings {
  provider: EmailProviderName;
  /** The provider's API key, or for smtp the connection URL. */
  apiKey: string;
  /** Mailgun only. */
  domain?: string | null;
  region?: MailgunRegion | null;
}

@Injectable()
export class EmailProviderFactory {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly guard: AddressGuard,
  ) {}

  create(settings: EmailProviderSettings, guard = this.guard): EmailProvider {
    const baseUrls = this.config.emailApiBaseUrls;
    switch (settings.provider) {
      case 'smtp':
        return new SmtpProvider(settings.apiKey, guard);
      case 'sendgrid':
        return new SendGridProvider(settings.apiKey, baseUrls.sendgrid, guard);
      case 'mailgun':
        return new MailgunProvider(
          settings.apiKey,
          settings.domain ?? '',
          settings.region === 'eu' && baseUrls.mailgun === MAILGUN_US_BASE_URL
            ? MAILGUN_EU_BASE_URL
            : baseUrls.mailgun,
          guard,
        );
      case 'postmark':
        return new PostmarkProvider(settings.apiKey, baseUrls.postmark, guard);
    }
  }
}
