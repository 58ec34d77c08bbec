import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { CONTACT_POINTS } from '@app/domain';
import type { ContactPoint } from '@app/domain';
import { SHARED_CONTACT_SOURCES } from '@app/database';
import type { SharedContactEntity, SharedContactSource } from '@app/database';
import { IsE164Phone, Omittable } from '@app/http';
import { TrimmedText } from '../constituents/contact.validators';

export const MARKABLE_POINTS = ['ADDRESS', 'PHONE'] as const;
export type MarkablePoint = (typeof MARKABLE_POINTS)[number];

export const DEFAULT_SHARED_CONTACT_PAGE = 50;
export const MAX_SHARED_CONTACT_PAGE = 200;

export class MarkSharedContactDto {
  @ApiProperty({ enum: MARKABLE_POINTS })
  @IsIn(MARKABLE_POINTS)
  kind: MarkablePoint;

  @ApiPropertyOptional({
    description: 'E.164; required for a PHONE, else not allowed',
    example: '+13125550900',
  })
  @Omittable()
  @IsE164Phone()
  phone?: string;

  @ApiPropertyOptional({
    maxLength: 200,
    description: 'Required for an ADDRESS, else not allowed',
    example: '220 Harbor Light Way',
  })
  @Omittable()
  @TrimmedText(200)
  addressStreet?: string;

  @ApiPropertyOptional({
    pattern: '^\\d{5}$',
    maxLength: 5,
    description: 'Required for an ADDRESS, else not allowed',
    example: '60607',
  })
  @Omittable()
  @Matches(/^\d{5}$/, { message: 'addressZip must be 5 digits' })
  addressZip?: string;

  @ApiPropertyOptional({
    default: true,
    description:
      'true: a shared location (a shelter, an agency), no household evidence; false: never treat ' +
      'this point as shared, whatever detection finds',
  })
  @Omittable()
  @IsBoolean()
  shared?: boolean;

  @ApiPropertyOptional({
    maxLength: 200,
    nullable: true,
    type: String,
    example: 'Harbor Light shelter',
  })
  @IsOptional()
  @TrimmedText(200)
  label?: string | null;
}

export class ListSharedContactsQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_SHARED_CONTACT_PAGE,
    default: DEFAULT_SHARED_CONTACT_PAGE,
  })
  @IsOptional()
  @Transform(({ value }) => (/^\d{1,9}$/.test(String(value)) ? Number(value) : value))
  @IsInt()
  @Min(1)
  @Max(MAX_SHARED_CONTACT_PAGE)
  limit?: number;
}

const nullableText = { nullable: true, type: String } as const;

export class SharedContactResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: CONTACT_POINTS }) kind: ContactPoint;
  @ApiProperty({ ...nullableText, description: 'null without pii_reader' }) phone: string | null;
  @ApiProperty({ ...nullableText, description: 'null without pii_reader' }) email: string | null;
  @ApiProperty({ ...nullableText, description: 'null without pii_reader' })
  addressStreet: string | null;
  @ApiProperty(nullableText) addressZip: string | null;
  @ApiProperty({ description: 'Whether the point counts as shared (no household evidence)' })
  shared: boolean;
  @ApiProperty({
    enum: SHARED_CONTACT_SOURCES,
    description:
      'MARKED by an admin, or DETECTED: given by at least four people of different households and surnames',
  })
  source: SharedContactSource;
  @ApiProperty(nullableText) label: string | null;
  @ApiProperty({ format: 'uuid', ...nullableText, description: 'The member who marked it' })
  markedBy: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export function toSharedContactResponse(
  entry: SharedContactEntity,
  mayReadPii: boolean,
): SharedContactResponseDto {
  return {
    id: entry.id,
    kind: entry.kind,
    phone: mayReadPii ? entry.phone : null,
    email: mayReadPii ? entry.email : null,
    addressStreet: mayReadPii ? entry.addressStreet : null,
    addressZip: entry.addressZip,
    shared: entry.shared,
    source: entry.source,
    label: entry.label,
    markedBy: entry.markedBy,
    createdAt: entry.createdAt.toISOString(),
    updatedAt: entry.updatedAt.toISOString(),
  };
}
