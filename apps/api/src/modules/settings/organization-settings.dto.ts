import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import {
  PHONE_STATUSES,
  PROFILE_STATUSES,
  REGISTRATION_STATUSES,
  type PhoneStatus,
  type ProfileStatus,
  type RegistrationStatus,
} from '@assist/contracts';
import { MAX_PARALLEL_SENDS_PER_ORGANIZATION, type SmsSettingCeilings } from '@app/config';
import { ORG_STATUSES, type OrganizationEntity, type OrgStatus } from '@app/database';
import { US_STATE_CODES } from '@app/domain';
import {
  Count,
  Flag,
  IanaTimeZone,
  NullablePhone,
  NullableText,
  OneOf,
  TimeOfDay,
} from './settings-fields';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SHORT_CODE = /^[A-Z]{4,6}$/;
const EIN = /^\d{2}-?\d{7}$/;
const REGION_CODE = /^[A-Z0-9]{1,3}$/;
const POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/;
const US_ZIP = /^\d{5}$/;

const nullable = { nullable: true, type: String } as const;

const SHARING_CONSENT =
  "Members with a partner see a constituent's personal fields, find it in searches and email or " +
  'text its needs only while it consents to SHARE_WITH_PARTNERS (default false)';

/**
 * PUT /api/organizations/settings. name and slug are required; every other field is optional:
 * omitted leaves it unchanged, null clears it where the field is nullable.
 */
export class UpdateOrganizationSettingsDto {
  @ApiProperty({ description: 'Display name', maxLength: 200 })
  @IsString()
  @Length(1, 200)
  name: string;

  @ApiPropertyOptional({ ...nullable, description: 'Legal entity name for tax verification' })
  @NullableText(200)
  legalName?: string | null;

  @ApiProperty({ description: 'URL-friendly unique identifier', pattern: SLUG.source })
  @IsString()
  @Length(3, 63)
  @Matches(SLUG, { message: 'slug must be lowercase letters and digits in dash-separated groups' })
  slug: string;

  @ApiPropertyOptional({
    ...nullable,
    pattern: SHORT_CODE.source,
    maxLength: 6,
    description: 'Unique; prefixes reference numbers',
  })
  @IsOptional()
  @Matches(SHORT_CODE, { message: 'shortCode must be 4 to 6 uppercase letters' })
  shortCode?: string | null;

  @ApiPropertyOptional({ enum: ORG_STATUSES })
  @OneOf(ORG_STATUSES)
  orgStatus?: OrgStatus;

  @ApiPropertyOptional({
    minimum: 0,
    description:
      'Maximum concurrent SMS connections; at most the system ceiling (`ceilings`, ' +
      'MAX_CONCURRENCY_CEILING, default 10), else 400',
  })
  @Count()
  maxConcurrency?: number;

  @ApiPropertyOptional({ ...nullable, description: 'Overall campaign registry status (free text)' })
  @NullableText(100)
  tcrStatus?: string | null;

  @ApiPropertyOptional({ enum: REGISTRATION_STATUSES })
  @OneOf(REGISTRATION_STATUSES)
  tcrBrandStatus?: RegistrationStatus;

  @ApiPropertyOptional({ enum: REGISTRATION_STATUSES })
  @OneOf(REGISTRATION_STATUSES)
  tcrCampaignStatus?: RegistrationStatus;

  @ApiPropertyOptional({ enum: PHONE_STATUSES })
  @OneOf(PHONE_STATUSES)
  phoneStatus?: PhoneStatus;

  @ApiPropertyOptional({ enum: PROFILE_STATUSES })
  @OneOf(PROFILE_STATUSES)
  profileStatus?: ProfileStatus;

  @ApiPropertyOptional({ ...nullable, description: 'Registered brand identifier' })
  @NullableText(100)
  tcrBrandId?: string | null;

  @ApiPropertyOptional({ ...nullable, description: 'Registered campaign identifier' })
  @NullableText(100)
  tcrCampaignId?: string | null;

  @ApiPropertyOptional({ ...nullable, description: 'Error of the latest provisioning attempt' })
  @NullableText(2000)
  provisioningError?: string | null;

  @ApiPropertyOptional({ ...nullable, example: '+12025550123', description: 'Operator redirect' })
  @NullablePhone()
  redirectPhoneNumber?: string | null;

  @ApiPropertyOptional({ ...nullable, example: '12-3456789', pattern: EIN.source, maxLength: 10 })
  @IsOptional()
  @Matches(EIN, { message: 'einTaxId must be an EIN: 9 digits, e.g. 12-3456789' })
  einTaxId?: string | null;

  @ApiPropertyOptional({
    minimum: 0,
    description:
      'Maximum outbound SMS per day; at most the system ceiling (`ceilings`, ' +
      'DAILY_SMS_CAP_CEILING, default 200000), else 400',
  })
  @Count()
  dailySmsCap?: number;

  @ApiPropertyOptional({
    minimum: 0,
    description:
      'Monthly SMS dispatch cap; at most the system ceiling (`ceilings`, ' +
      'MONTHLY_SMS_BUDGET_CEILING, default 6000000), else 400',
  })
  @Count()
  monthlySmsBudget?: number;

  @ApiPropertyOptional({ description: 'Pauses non-emergency outbound messaging in the window' })
  @Flag()
  quietHoursEnabled?: boolean;

  @ApiPropertyOptional({ ...nullable, example: '21:00', maxLength: 5, description: 'HH:mm' })
  @TimeOfDay()
  quietHoursStart?: string | null;

  @ApiPropertyOptional({ ...nullable, example: '08:00', maxLength: 5, description: 'HH:mm' })
  @TimeOfDay()
  quietHoursEnd?: string | null;

  @ApiPropertyOptional({ description: 'Emergency triage alerts ignore quiet hours' })
  @Flag()
  bypassQuietHoursForEmergency?: boolean;

  @ApiPropertyOptional({ ...nullable, maxLength: 50, description: 'Prepended to broadcast SMS' })
  @NullableText(50)
  smsSenderName?: string | null;

  @ApiPropertyOptional({ ...nullable, format: 'email', description: 'Used in HELP replies' })
  @IsOptional()
  @IsEmail()
  @MaxLength(254)
  supportEmail?: string | null;

  @ApiPropertyOptional({
    ...nullable,
    example: '+12025550123',
    description: 'Used in HELP replies',
  })
  @NullablePhone()
  supportPhone?: string | null;

  @ApiPropertyOptional(nullable)
  @NullableText(200)
  street?: string | null;

  @ApiPropertyOptional(nullable)
  @NullableText(200)
  city?: string | null;

  @ApiPropertyOptional({
    ...nullable,
    pattern: REGION_CODE.source,
    maxLength: 3,
    description: 'State or province',
  })
  @IsOptional()
  @Matches(REGION_CODE, { message: 'state must be a state or province code, e.g. IL' })
  state?: string | null;

  @ApiPropertyOptional({
    ...nullable,
    pattern: POSTAL_CODE.source,
    maxLength: 10,
    description: 'ZIP or postal code',
  })
  @IsOptional()
  @Matches(POSTAL_CODE, { message: 'zip must be a ZIP or postal code' })
  zip?: string | null;

  @ApiPropertyOptional({ ...nullable, description: 'Registered address matching tax records' })
  @NullableText(200)
  legalStreet?: string | null;

  @ApiPropertyOptional(nullable)
  @NullableText(200)
  legalCity?: string | null;

  @ApiPropertyOptional({ ...nullable, enum: US_STATE_CODES })
  @IsOptional()
  @IsIn(US_STATE_CODES, { message: 'legalState must be a US state, DC or territory code, e.g. IL' })
  legalState?: string | null;

  @ApiPropertyOptional({ ...nullable, pattern: US_ZIP.source, maxLength: 5 })
  @IsOptional()
  @Matches(US_ZIP, { message: 'legalZip must be a 5-digit ZIP code' })
  legalZip?: string | null;

  @ApiPropertyOptional({
    example: 'America/Chicago',
    maxLength: 64,
    description: 'IANA zone (ext), default UTC',
  })
  @IanaTimeZone()
  timezone?: string;

  @ApiPropertyOptional({ description: SHARING_CONSENT })
  @Flag()
  requireSharingConsent?: boolean;
}

const CEILING = { type: 'integer', format: 'int32', minimum: 1, maximum: 2_147_483_647 } as const;

/** The highest values the environment lets an organization give its SMS settings. */
export class SmsSettingCeilingsDto implements SmsSettingCeilings {
  @ApiProperty({ ...CEILING, maximum: MAX_PARALLEL_SENDS_PER_ORGANIZATION }) maxConcurrency: number;
  @ApiProperty(CEILING) dailySmsCap: number;
  @ApiProperty(CEILING) monthlySmsBudget: number;
}

export class OrganizationSettingsResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty(nullable) legalName: string | null;
  @ApiProperty() slug: string;
  @ApiProperty(nullable) shortCode: string | null;
  @ApiProperty({ enum: ORG_STATUSES }) orgStatus: OrgStatus;
  @ApiProperty() maxConcurrency: number;
  @ApiProperty(nullable) tcrStatus: string | null;
  @ApiProperty({ enum: REGISTRATION_STATUSES }) tcrBrandStatus: string;
  @ApiProperty({ enum: REGISTRATION_STATUSES }) tcrCampaignStatus: string;
  @ApiProperty({ enum: PHONE_STATUSES }) phoneStatus: string;
  @ApiProperty({ enum: PROFILE_STATUSES }) profileStatus: string;
  @ApiProperty(nullable) tcrBrandId: string | null;
  @ApiProperty(nullable) tcrCampaignId: string | null;
  @ApiProperty(nullable) provisioningError: string | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'Provisioning step name → error details',
  })
  provisioningStepErrors: Record<string, unknown>;
  @ApiProperty({ ...nullable, description: 'The provisioned system number' })
  phoneNumber: string | null;
  @ApiProperty(nullable) redirectPhoneNumber: string | null;
  @ApiProperty(nullable) einTaxId: string | null;
  @ApiProperty() dailySmsCap: number;
  @ApiProperty() monthlySmsBudget: number;
  @ApiProperty() quietHoursEnabled: boolean;
  @ApiProperty(nullable) quietHoursStart: string | null;
  @ApiProperty(nullable) quietHoursEnd: string | null;
  @ApiProperty() bypassQuietHoursForEmergency: boolean;
  @ApiProperty(nullable) smsSenderName: string | null;
  @ApiProperty(nullable) supportEmail: string | null;
  @ApiProperty(nullable) supportPhone: string | null;
  @ApiProperty(nullable) street: string | null;
  @ApiProperty(nullable) city: string | null;
  @ApiProperty(nullable) state: string | null;
  @ApiProperty(nullable) zip: string | null;
  @ApiProperty(nullable) legalStreet: string | null;
  @ApiProperty(nullable) legalCity: string | null;
  @ApiProperty(nullable) legalState: string | null;
  @ApiProperty(nullable) legalZip: string | null;
  @ApiProperty({ example: 'UTC' }) timezone: string;
  @ApiProperty({ description: SHARING_CONSENT }) requireSharingConsent: boolean;
  @ApiProperty({
    type: SmsSettingCeilingsDto,
    description:
      'System ceilings (set by the environment) of maxConcurrency, dailySmsCap and ' +
      'monthlySmsBudget: a PUT above one is 400 naming the field. Not writable.',
  })
  ceilings: SmsSettingCeilingsDto;
}

export function toOrganizationSettingsResponse(
  org: OrganizationEntity,
  ceilings: SmsSettingCeilings,
): OrganizationSettingsResponseDto {
  return {
    id: org.id,
    name: org.name,
    legalName: org.legalName,
    slug: org.slug,
    shortCode: org.shortCode,
    orgStatus: org.orgStatus,
    maxConcurrency: org.maxConcurrency,
    tcrStatus: org.tcrStatus,
    tcrBrandStatus: org.tcrBrandStatus,
    tcrCampaignStatus: org.tcrCampaignStatus,
    phoneStatus: org.phoneStatus,
    profileStatus: org.profileStatus,
    tcrBrandId: org.tcrBrandId,
    tcrCampaignId: org.tcrCampaignId,
    provisioningError: org.provisioningError,
    provisioningStepErrors: org.provisioningStepErrors,
    phoneNumber: org.phoneNumber,
    redirectPhoneNumber: org.redirectPhoneNumber,
    einTaxId: org.einTaxId,
    dailySmsCap: org.dailySmsCap,
    monthlySmsBudget: org.monthlySmsBudget,
    quietHoursEnabled: org.quietHoursEnabled,
    quietHoursStart: org.quietHoursStart,
    quietHoursEnd: org.quietHoursEnd,
    bypassQuietHoursForEmergency: org.bypassQuietHoursForEmergency,
    smsSenderName: org.smsSenderName,
    supportEmail: org.supportEmail,
    supportPhone: org.supportPhone,
    street: org.street,
    city: org.city,
    state: org.state,
    zip: org.zip,
    legalStreet: org.legalStreet,
    legalCity: org.legalCity,
    legalState: org.legalState,
    legalZip: org.legalZip,
    timezone: org.timezone,
    requireSharingConsent: org.requireSharingConsent,
    ceilings,
  };
}
