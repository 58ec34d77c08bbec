import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsObject, IsUUID, ValidateNested } from 'class-validator';
import { Omittable } from '@app/http';
import { ContactDto } from './contact.dto';

export class MergeConstituentsDto {
  @ApiProperty({
    format: 'uuid',
    description: 'Merged into the target; stops existing for reads and searches',
  })
  @IsUUID()
  sourceConstituentId: string;

  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  targetConstituentId: string;

  @ApiPropertyOptional({
    default: false,
    description: "Also move the source's whole household into the target's",
  })
  @Omittable()
  @IsBoolean()
  mergeHouseholds?: boolean;

  @ApiPropertyOptional({
    type: ContactDto,
    description: "Values that win over the target's (null clears)",
  })
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => ContactDto)
  fieldOverrides?: ContactDto;
}
