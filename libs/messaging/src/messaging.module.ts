import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { DatabaseModule, OrganizationEmailSettingsRepository } from '@app/database';
import { AddressGuard } from './email/address-guard';
import { EmailProviderFactory } from './email/email-provider.factory';
import { OrganizationMailer } from './email/organization-mailer';
import { SecretCipher } from './secrets/secret-cipher';
import { SmsProvider } from './sms/sms-provider';
import { createSmsProvider } from './sms/sms-provider.factory';
import { TelnyxClient } from './telnyx/telnyx-client';

/** Outgoing email and SMS; for email, features use OrganizationMailer. Import it where used. */
@Module({
  imports: [DatabaseModule.forFeature([OrganizationEmailSettingsRepository])],
  providers: [
    {
      provide: AddressGuard,
      useFactory: (config: AppConfig) => new AddressGuard(config.emailAllowPrivateHosts),
      inject: [APP_CONFIG],
    },
    {
      provide: SecretCipher,
      useFactory: (config: AppConfig) => new SecretCipher(config.encryptionKey),
      inject: [APP_CONFIG],
    },
    EmailProviderFactory,
    OrganizationMailer,
    {
      provide: TelnyxClient,
      useFactory: (config: AppConfig) =>
        new TelnyxClient(config.telnyx.apiKey ?? '', config.telnyx.apiBaseUrl),
      inject: [APP_CONFIG],
    },
    { provide: SmsProvider, useFactory: createSmsProvider, inject: [APP_CONFIG, TelnyxClient] },
  ],
  exports: [
    AddressGuard,
    SecretCipher,
    EmailProviderFactory,
    OrganizationMailer,
    SmsProvider,
    TelnyxClient,
  ],
})
export class MessagingModule {}
