import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsNotEmpty,
  IsObject,
  IsString,
  IsUUID,
  Length,
  ValidateNested,
} from 'class-validator';
import { Omittable } from '@app/http';
import { ContactDto, PublicContactDto } from '../constituents';

/** What staff and public intake both send, but the contact. */
class NeedIntakeFieldsDto {
  @ApiProperty({
    minLength: 1,
    maxLength: 10000,
    example: 'We need groceries for a family of four',
  })
  @IsString()
  @IsNotEmpty()
  @Length(1, 10000)
  description: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description:
      'Route to this partner; without it the description is matched against partner keywords, then the default partner takes it',
  })
  @Omittable()
  @IsUUID()
  partnerId?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Partner-specific intake data',
  })
  @Omittable()
  @IsObject()
  customFields?: Record<string, unknown>;

  @ApiPropertyOptional({ description: "Defaults to the partner's defaultConfidential" })
  @Omittable()
  @IsBoolean()
  isConfidential?: boolean;

  @ApiPropertyOptional({ format: 'uuid', description: 'Parent of a linked multi-step request' })
  @Omittable()
  @IsUUID()
  parentNeedId?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @Omittable()
  @IsUUID()
  constituentId?: string;

  @ApiPropertyOptional({ format: 'uuid', description: "Defaults to the constituent's household" })
  @Omittable()
  @IsUUID()
  householdId?: string;
}

/** What staff intake sends. */
export class CreateNeedDto extends NeedIntakeFieldsDto {
  @ApiPropertyOptional({
    type: ContactDto,
    description:
      "Creates or matches a constituent (instead of constituentId and householdId); the need's duplicateWarning, shown to staff only, tells of likely duplicates",
  })
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => ContactDto)
  contact?: ContactDto;
}

/** What public intake sends: the organization asked, and a contact with the form's consents. */
export class CreatePublicNeedDto extends NeedIntakeFieldsDto {
  @ApiProperty({ format: 'uuid', description: 'The organization asked for help' })
  @IsUUID()
  organizationId: string;

  @ApiPropertyOptional({
    type: PublicContactDto,
    description:
      'Creates or matches a constituent (instead of constituentId and householdId) and records ' +
      'the consents the form asked for, with method PUBLIC_FORM',
  })
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => PublicContactDto)
  contact?: PublicContactDto;
}
