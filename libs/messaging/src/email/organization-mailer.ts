import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@app/config';
import {
  type OrganizationId,
  assertNoOpenTransaction,
  OrganizationEmailSettingsEntity,
  OrganizationEmailSettingsRepository,
} from '@app/database';
import { SecretCipher } from '../secrets/secret-cipher';
import { AddressGuard } from './address-guard';
import { EmailDeliveryError, EmailAddress, EmailProvider } from './email-provider';
import { EmailProviderFactory } from './email-provider.factory';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export type MailResult = { status: 'SENT'; messageId: string } | { status: 'NOT_SENT' };

/** The operator's own SMTP relay may be private; cloud metadata addresses stay refused. */
const SYSTEM_GUARD = new AddressGuard(true);

/**
 * Sends an organization's transactional email: through its configured provider, else through the
 * system SMTP (SYSTEM_SMTP_URL and SYSTEM_EMAIL_FROM), else not at all (NOT_SENT).
 * Throws EmailDeliveryError when the provider fails. Call it inside the organization (its settings
 * are read there) and with no transaction open: sending is an outside call.
 */
@Injectable()
export class OrganizationMailer {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: OrganizationEmailSettingsRepository,
    private readonly cipher: SecretCipher,
    private readonly providers: EmailProviderFactory,
  ) {}

  async send(organizationId: OrganizationId, message: MailMessage): Promise<MailResult> {
    assertNoOpenTransaction('Email send');
    const sender = await this.senderFor(organizationId);
    if (!sender) return { status: 'NOT_SENT' };
    const { messageId } = await sender.provider.send({ ...message, from: sender.from });
    return { status: 'SENT', messageId };
  }

  /**
   * Whether send() has a provider for the organization (else it answers NOT_SENT): for a caller
   * that records the send before making it.
   */
  async hasSender(organizationId: OrganizationId): Promise<boolean> {
    if (await this.settings.find(organizationId)) return true;
    return Boolean(this.config.systemSmtpUrl && this.config.systemEmailFrom);
  }

  private async senderFor(
    organizationId: OrganizationId,
  ): Promise<{ provider: EmailProvider; from: EmailAddress } | null> {
    const settings = await this.settings.find(organizationId);
    if (settings) {
      const apiKey = this.decryptKey(settings);
      return {
        provider: this.providers.create({ ...settings, apiKey }),
        from: { email: settings.fromEmail, name: settings.fromName },
      };
    }
    const { systemSmtpUrl, systemEmailFrom } = this.config;
    if (!systemSmtpUrl || !systemEmailFrom) return null;
    return {
      provider: this.providers.create({ provider: 'smtp', apiKey: systemSmtpUrl }, SYSTEM_GUARD),
      from: { email: systemEmailFrom },
    };
  }

  private decryptKey(settings: OrganizationEmailSettingsEntity): string {
    try {
      return this.cipher.decrypt(
        { ciphertext: settings.apiKeyCiphertext, keyId: settings.apiKeyKeyId },
        settings.organizationId,
      );
    } catch (error) {
      throw new EmailDeliveryError(
        `The stored email provider key cannot be used: ${(error as Error).message}`,
      );
    }
  }
}
