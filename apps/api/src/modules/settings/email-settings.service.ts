import { Injectable } from '@nestjs/common';
import { OrganizationEmailSettingsRepository, type OrganizationId } from '@app/database';
import { DomainError } from '@app/http';
import {
  AddressGuard,
  EmailDeliveryError,
  EmailProviderFactory,
  parseSmtpUrl,
  SecretCipher,
} from '@app/messaging';
import {
  EmailSettingsDto,
  EmailSettingsResponseDto,
  TestEmailDto,
  TestEmailResponseDto,
  toEmailSettingsResponse,
} from './email-settings.dto';

const TEST_SUBJECT = 'Test email';
const TEST_TEXT = 'This test message shows that your email delivery settings work.';

function reasonOf(error: unknown): string {
  if (error instanceof EmailDeliveryError) return error.reason;
  throw error;
}

@Injectable()
export class EmailSettingsService {
  constructor(
    private readonly settings: OrganizationEmailSettingsRepository,
    private readonly cipher: SecretCipher,
    private readonly providers: EmailProviderFactory,
    private readonly guard: AddressGuard,
  ) {}

  async get(organizationId: OrganizationId): Promise<EmailSettingsResponseDto> {
    const settings = await this.settings.find(organizationId);
    if (!settings) throw new DomainError('not-found', 'Email settings are not configured');
    return toEmailSettingsResponse(settings);
  }

  async update(
    organizationId: OrganizationId,
    input: EmailSettingsDto,
  ): Promise<EmailSettingsResponseDto> {
    await this.assertSmtpHostAllowed(input);
    const { ciphertext, keyId } = this.cipher.encrypt(input.apiKey, organizationId);
    const saved = await this.settings.save(organizationId, {
      provider: input.provider,
      apiKeyCiphertext: ciphertext,
      apiKeyKeyId: keyId,
      apiKeyLast4: input.apiKey.slice(-4),
      fromEmail: input.fromEmail,
      fromName: input.fromName ?? null,
      domain: input.domain ?? null,
      region: input.provider === 'mailgun' ? (input.region ?? 'us') : null,
    });
    return toEmailSettingsResponse(saved);
  }

  /**
   * Sends a real message with the proposed settings, saving nothing. An outside call: the route opens
   * no transaction, and the provider refuses to send inside one.
   */
  async sendTest(input: TestEmailDto): Promise<TestEmailResponseDto> {
    await this.assertSmtpHostAllowed(input);
    try {
      const { messageId } = await this.providers.create(input).send({
        from: { email: input.fromEmail, name: input.fromName },
        to: input.toEmail,
        subject: TEST_SUBJECT,
        text: TEST_TEXT,
      });
      return { delivered: true, messageId };
    } catch (error) {
      throw new DomainError('email-send-failed', reasonOf(error));
    }
  }

  /** An SMTP host must resolve to allowed addresses (checked again when connecting). */
  private async assertSmtpHostAllowed(input: EmailSettingsDto): Promise<void> {
    const smtp = input.provider === 'smtp' ? parseSmtpUrl(input.apiKey) : null;
    if (smtp) {
      await this.guard.resolve(smtp.host).catch((error: unknown) => {
        throw DomainError.invalid('apiKey', reasonOf(error));
      });
    }
  }
}
