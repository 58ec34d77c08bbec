import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { HOUSEHOLD_MATCH_STATUSES } from '@app/database';
import type { HouseholdMatchStatus } from '@app/database';
import { Omittable } from '@app/http';
import { ContactDto } from '../constituents';

export const DEFAULT_MATCH_PAGE = 50;
export const MAX_MATCH_PAGE = 200;

export class ListHouseholdMatchesQueryDto {
  @ApiPropertyOptional({
    enum: HOUSEHOLD_MATCH_STATUSES,
    isArray: true,
    maxItems: HOUSEHOLD_MATCH_STATUSES.length,
    description: 'Repeat for several',
  })
  @IsOptional()
  @Transform(({ value }) => (Array.isArray(value) ? value : [value]))
  @ArrayMaxSize(HOUSEHOLD_MATCH_STATUSES.length)
  @IsIn(HOUSEHOLD_MATCH_STATUSES, { each: true })
  status?: HouseholdMatchStatus[];

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_MATCH_PAGE,
    default: DEFAULT_MATCH_PAGE,
  })
  @IsOptional()
  @Transform(({ value }) => (/^\d{1,9}$/.test(String(value)) ? Number(value) : value))
  @IsInt()
  @Min(1)
  @Max(MAX_MATCH_PAGE)
  limit?: number;

  @ApiPropertyOptional({
    maxLength: 200,
    description: 'Opaque; from the Link rel="next" header of the previous page',
  })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  cursor?: string;
}

export const RESOLVE_ACTIONS = ['MERGE_HOUSEHOLD', 'MERGE_CONSTITUENT', 'DISMISS'] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];

export class ResolveHouseholdMatchDto {
  @ApiProperty({
    enum: RESOLVE_ACTIONS,
    description:
      "MERGE_HOUSEHOLD moves every member of the other constituent's household into the target's; " +
      'MERGE_CONSTITUENT merges the other constituent into the target; DISMISS: never suggested again',
  })
  @IsIn(RESOLVE_ACTIONS)
  action: ResolveAction;

  @ApiPropertyOptional({
    format: 'uuid',
    description:
      'One of the two constituents of the match; default: candidateConstituentId (the existing record)',
  })
  @Omittable()
  @IsUUID()
  targetConstituentId?: string;

  @ApiPropertyOptional({
    type: ContactDto,
    description: 'MERGE_CONSTITUENT only: values that win (null clears)',
  })
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => ContactDto)
  fieldOverrides?: ContactDto;
}
