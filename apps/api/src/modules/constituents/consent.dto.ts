import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import type { ConsentRecord, ConsentState, CurrentConsents } from '@app/database';
import { CONSENT_METHODS, CONSENT_PURPOSES } from '@app/domain';
import type { ConsentMethod, ConsentPurpose } from '@app/domain';
import { IsDateTime, Omittable } from '@app/http';
import { ContactDto } from './contact.dto';
import { TrimmedText } from './contact.validators';

/** An array naming each consent purpose at most once (a rule no schema keyword states). */
const EachPurposeOnce = (): PropertyDecorator =>
  ValidateBy({
    name: 'eachPurposeOnce',
    validator: {
      validate: (value) => {
        if (!Array.isArray(value)) return true;
        const purposes = value.map((consent: { purpose?: unknown } | null) => consent?.purpose);
        return new Set(purposes).size === purposes.length;
      },
      defaultMessage: () => '$property must name each purpose once',
    },
  });

/** A date-time later than now. */
const IsFuture = (): PropertyDecorator =>
  ValidateBy({
    name: 'isFuture',
    validator: {
      validate: (value) => typeof value === 'string' && Date.parse(value) > Date.now(),
      defaultMessage: () => '$property must be in the future',
    },
  });

export class RecordConsentDto {
  @ApiProperty({ enum: CONSENT_PURPOSES })
  @IsIn(CONSENT_PURPOSES)
  purpose: ConsentPurpose;

  @ApiProperty({ description: 'true: given; false: withdrawn or refused' })
  @IsBoolean()
  granted: boolean;

  @ApiProperty({ enum: CONSENT_METHODS, description: 'How the constituent gave or withdrew it' })
  @IsIn(CONSENT_METHODS)
  method: ConsentMethod;

  @ApiPropertyOptional({
    maxLength: 500,
    description:
      'Trimmed; shown only to members who may read the personal fields. Omit rather than null',
  })
  @Omittable()
  @TrimmedText(500)
  note?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'In the future; once past, a grant reads as not granted. Omit: never expires',
  })
  @Omittable()
  @IsDateTime()
  @IsFuture()
  expiresAt?: string;
}

/** A consent as public intake records it (method PUBLIC_FORM, no note, no expiry). */
export class IntakeConsentDto {
  @ApiProperty({ enum: CONSENT_PURPOSES })
  @IsIn(CONSENT_PURPOSES)
  purpose: ConsentPurpose;

  @ApiProperty()
  @IsBoolean()
  granted: boolean;
}

/** The `contact` of public intake: a constituent's fields and the consents the form asked for. */
export class PublicContactDto extends ContactDto {
  @ApiPropertyOptional({
    type: [IntakeConsentDto],
    maxItems: CONSENT_PURPOSES.length,
    description: "Recorded for the need's constituent with method PUBLIC_FORM; each purpose once",
  })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(CONSENT_PURPOSES.length)
  @EachPurposeOnce()
  @ValidateNested({ each: true })
  @Type(() => IntakeConsentDto)
  consents?: IntakeConsentDto[];
}

export class ConsentRecordResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) constituentId: string;
  @ApiProperty({ enum: CONSENT_PURPOSES }) purpose: ConsentPurpose;
  @ApiProperty() granted: boolean;
  @ApiProperty({ enum: CONSENT_METHODS }) method: ConsentMethod;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'null without the pii_reader profile (as the personal fields)',
  })
  note: string | null;
  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'The member who recorded it; null for public intake',
  })
  recordedBy: string | null;
  @ApiProperty({ format: 'date-time' }) recordedAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) expiresAt: string | null;
}

export class ConsentStateDto {
  @ApiProperty({ description: 'The newest record of the purpose; false once a grant has expired' })
  granted: boolean;
  @ApiProperty({ format: 'date-time' }) recordedAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) expiresAt: string | null;
}

const state = { type: ConsentStateDto, nullable: true, description: 'null: none recorded' };

/** A constituent's current consent to each purpose. */
export class ConstituentConsentsDto {
  @ApiProperty(state) SHARE_WITH_PARTNERS: ConsentStateDto | null;
  @ApiProperty(state) CONTACT_SMS: ConsentStateDto | null;
  @ApiProperty(state) CONTACT_EMAIL: ConsentStateDto | null;
  @ApiProperty(state) SURVEY: ConsentStateDto | null;
}

/** A record as the caller may see it: the note is null when `canReadNote` is false. */
export function toConsentRecordResponse(
  record: ConsentRecord,
  canReadNote: boolean,
): ConsentRecordResponseDto {
  return {
    id: record.id,
    constituentId: record.constituentId,
    purpose: record.purpose,
    granted: record.granted,
    method: record.method,
    note: canReadNote ? record.note : null,
    recordedBy: record.recordedBy,
    recordedAt: record.recordedAt.toISOString(),
    expiresAt: record.expiresAt?.toISOString() ?? null,
  };
}

function toConsentState(state: ConsentState | undefined): ConsentStateDto | null {
  return state
    ? {
        granted: state.granted,
        recordedAt: state.recordedAt.toISOString(),
        expiresAt: state.expiresAt?.toISOString() ?? null,
      }
    : null;
}

export function toConstituentConsents(current: CurrentConsents): ConstituentConsentsDto {
  return {
    SHARE_WITH_PARTNERS: toConsentState(current.SHARE_WITH_PARTNERS),
    CONTACT_SMS: toConsentState(current.CONTACT_SMS),
    CONTACT_EMAIL: toConsentState(current.CONTACT_EMAIL),
    SURVEY: toConsentState(current.SURVEY),
  };
}
