import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsEmail,
  IsFQDN,
  IsIn,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import {
  EMAIL_PROVIDERS,
  MAILGUN_REGIONS,
  type EmailProviderName,
  type MailgunRegion,
} from '@assist/contracts';
import type { OrganizationEmailSettingsEntity } from '@app/database';
import { MailgunOnly, SmtpUrlWhenSmtp } from './email-settings.fields';

/** PUT /api/organizations/settings/email: replaces the whole configuration. */
export class EmailSettingsDto {
  @ApiProperty({ enum: EMAIL_PROVIDERS })
  @IsIn(EMAIL_PROVIDERS)
  provider: EmailProviderName;

  @ApiProperty({
    writeOnly: true,
    description:
      "The provider's API key (visible ASCII: it travels in a header); for smtp a connection URL " +
      'smtp://user:pass@host:port or smtps://... Encrypted at rest and never returned.',
  })
  @IsString()
  @Length(8, 2048)
  @Matches(/^[!-~]+$/, { message: 'apiKey must be visible ASCII characters without spaces' })
  @SmtpUrlWhenSmtp()
  apiKey: string;

  @ApiProperty({ format: 'email' })
  @IsEmail()
  @MaxLength(254)
  fromEmail: string;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: 200 })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  @Matches(/^\P{Cc}*$/u, { message: 'fromName must not contain control characters' })
  fromName?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    example: 'mg.example.org',
    description: 'Mailgun sending domain; required for mailgun, refused for other providers',
  })
  @ValidateIf(
    (settings: EmailSettingsDto) => settings.provider === 'mailgun' || settings.domain != null,
  )
  @MailgunOnly(true)
  @IsFQDN({}, { message: 'domain must be a domain name, e.g. mg.example.org' })
  @MaxLength(253)
  domain?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    enum: MAILGUN_REGIONS,
    description: 'Mailgun region (default us); refused for other providers',
  })
  @IsOptional()
  @MailgunOnly(false)
  @IsIn(MAILGUN_REGIONS)
  region?: MailgunRegion | null;
}

/** POST /api/organizations/settings/email/test: proposed settings (not saved) and a recipient. */
export class TestEmailDto extends EmailSettingsDto {
  @ApiProperty({ format: 'email', description: 'Recipient of the test email' })
  @IsEmail()
  @MaxLength(254)
  toEmail: string;
}

export class EmailSettingsResponseDto {
  @ApiProperty({ enum: EMAIL_PROVIDERS }) provider: EmailProviderName;
  @ApiProperty({ format: 'email' }) fromEmail: string;
  @ApiProperty({ nullable: true, type: String }) fromName: string | null;
  @ApiProperty({ nullable: true, type: String }) domain: string | null;
  @ApiProperty({ nullable: true, enum: MAILGUN_REGIONS }) region: MailgunRegion | null;
  @ApiProperty({ description: 'The last four characters of apiKey' }) apiKeyLast4: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class TestEmailResponseDto {
  @ApiProperty({ enum: [true] }) delivered: true;
  @ApiProperty({ description: "The provider's message id" }) messageId: string;
}

export function toEmailSettingsResponse(
  settings: OrganizationEmailSettingsEntity,
): EmailSettingsResponseDto {
  return {
    provider: settings.provider,
    fromEmail: settings.fromEmail,
    fromName: settings.fromName,
    domain: settings.domain,
    region: settings.region,
    apiKeyLast4: settings.apiKeyLast4,
    updatedAt: settings.updatedAt.toISOString(),
  };
}
