import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import type { ConstituentEntity, CurrentConsents } from '@app/database';
import { Omittable } from '@app/http';
import { ConstituentConsentsDto, toConstituentConsents } from './consent.dto';
import { ContactDto } from './contact.dto';
import { Trim } from './contact.validators';
import { HouseholdMatchResponseDto } from './household-match.dto';

export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 100;

export class CreateConstituentDto extends ContactDto {
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'A household of the organization; else a new one',
  })
  @Omittable()
  @IsUUID()
  householdId?: string;
}

export class SearchConstituentsQueryDto {
  @ApiPropertyOptional({
    maxLength: 200,
    description:
      'An email address (exact, any case), a phone number (any formatting), a need reference number, ' +
      'or a name (typo-tolerant, nicknames); all but a reference number need pii_reader. Trimmed; ' +
      'a text with nothing searchable (empty, white space or only punctuation) finds nothing. ' +
      'Without it: the newest constituents.',
  })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(200)
  query?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_SEARCH_LIMIT,
    default: DEFAULT_SEARCH_LIMIT,
  })
  @IsOptional()
  @Transform(({ value }) => (/^\d{1,9}$/.test(String(value)) ? Number(value) : value))
  @IsInt()
  @Min(1)
  @Max(MAX_SEARCH_LIMIT)
  limit?: number;
}

const pii = {
  nullable: true,
  type: String,
  description:
    'null without the pii_reader profile, and for members with a partner when the organization ' +
    'requires sharing consent and SHARE_WITH_PARTNERS is not currently granted',
} as const;

export class ConstituentResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'null once erased' })
  householdId: string | null;
  @ApiProperty(pii) firstName: string | null;
  @ApiProperty(pii) lastName: string | null;
  @ApiProperty({ ...pii, example: '+12025550123' }) phone: string | null;
  @ApiProperty({ ...pii, format: 'email' }) email: string | null;
  @ApiProperty(pii) addressStreet: string | null;
  @ApiProperty(pii) addressCity: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'IL' }) addressState: string | null;
  @ApiProperty({ nullable: true, type: String, example: '62704' }) addressZip: string | null;
  @ApiProperty({ ...pii, format: 'date' }) dateOfBirth: string | null;
  @ApiProperty() smsOptedOut: boolean;
  @ApiProperty({
    type: ConstituentConsentsDto,
    description: 'The current consent to each purpose, from its newest record (docs/CONSENT.md)',
  })
  consents: ConstituentConsentsDto;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the constituent was erased (docs/ERASURE.md): its personal fields are null',
  })
  erasedAt: string | null;
}

export class CreatedConstituentResponseDto extends ConstituentResponseDto {
  @ApiProperty({
    type: [HouseholdMatchResponseDto],
    description: 'Likely duplicates raised for review',
  })
  matches: HouseholdMatchResponseDto[];
}

/**
 * The record as the caller may see it: personal fields are null unless `canReadPii` (mayReadPiiOf:
 * Permission.PiiRead, and sharing consent where the organization requires it).
 */
export function toConstituentResponse(
  constituent: ConstituentEntity,
  consents: CurrentConsents,
  canReadPii: boolean,
): ConstituentResponseDto {
  const personal = (value: string | null) => (canReadPii ? value : null);
  return {
    id: constituent.id,
    householdId: constituent.erasedAt ? null : constituent.householdId,
    firstName: personal(constituent.firstName),
    lastName: personal(constituent.lastName),
    phone: personal(constituent.phone),
    email: personal(constituent.email),
    addressStreet: personal(constituent.addressStreet),
    addressCity: personal(constituent.addressCity),
    addressState: constituent.addressState,
    addressZip: constituent.addressZip,
    dateOfBirth: personal(constituent.dateOfBirth),
    smsOptedOut: constituent.smsOptedOut,
    consents: toConstituentConsents(consents),
    erasedAt: constituent.erasedAt?.toISOString() ?? null,
  };
}
