import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsTimeZone,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import type { PartnerEntity } from '@app/database';
import { IsHttpUrl, Omittable } from '@app/http';
import { OperatingHoursDto } from './operating-hours.dto';

export class CreatePartnerDto {
  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Northside Food Pantry' })
  @IsString()
  @Length(1, 200)
  name: string;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: 8760,
    description: 'Target response time in hours',
  })
  @IsInt()
  @Min(1)
  @Max(8760)
  slaHours: number;

  @ApiPropertyOptional({
    description: 'The fallback triage partner for unrouted requests; setting it clears the old one',
  })
  @Omittable()
  @IsBoolean()
  isDefault?: boolean;

  @ApiPropertyOptional({
    description: 'Needs created for this partner are confidential by default',
  })
  @Omittable()
  @IsBoolean()
  defaultConfidential?: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 5000 })
  @IsOptional()
  @IsString()
  @MaxLength(5000)
  description?: string | null;

  @ApiPropertyOptional({ type: [String], description: 'Focus keywords used to route requests' })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @Length(1, 100, { each: true })
  keywords?: string[];

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    format: 'uri',
    example: 'https://example.org',
  })
  @IsOptional()
  @IsHttpUrl()
  @MaxLength(2048)
  website?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200 })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  publicCategoryName?: string | null;
}

/** Partial: an omitted field is unchanged, null clears a nullable one. */
export class UpdatePartnerDto extends PartialType(CreatePartnerDto, { skipNullProperties: false }) {
  @ApiPropertyOptional({ description: 'Archived partners stay listed but receive no new needs' })
  @Omittable()
  @IsBoolean()
  isArchived?: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 64, example: 'America/Chicago' })
  @IsOptional()
  @IsTimeZone({ message: 'timezone must be an IANA time zone name' })
  timezone?: string | null;

  @ApiPropertyOptional({ type: OperatingHoursDto, nullable: true })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => OperatingHoursDto)
  operating_hours?: OperatingHoursDto | null;
}

export class PartnerResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) organizationId: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: 'integer', format: 'int32', minimum: 1, maximum: 8760 }) slaHours: number;
  @ApiProperty() isArchived: boolean;
  @ApiProperty() isDefault: boolean;
  @ApiProperty() defaultConfidential: boolean;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: [String] }) keywords: string[];
  @ApiProperty({ type: String, nullable: true, format: 'uri' }) website: string | null;
  @ApiProperty({ type: String, nullable: true }) publicCategoryName: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true }) timezone: string | null;
  @ApiProperty({ type: OperatingHoursDto, nullable: true, description: 'As last sent' })
  operating_hours: OperatingHoursDto | null;
}

export function toPartnerResponse(partner: PartnerEntity): PartnerResponseDto {
  return {
    id: partner.id,
    organizationId: partner.organizationId,
    name: partner.name,
    slaHours: partner.slaHours,
    isArchived: partner.isArchived,
    isDefault: partner.isDefault,
    defaultConfidential: partner.defaultConfidential,
    description: partner.description,
    keywords: partner.keywords,
    website: partner.website,
    publicCategoryName: partner.publicCategoryName,
    createdAt: partner.createdAt.toISOString(),
    timezone: partner.timezone,
    operating_hours: partner.operatingHours,
  };
}
