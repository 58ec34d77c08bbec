import { ApiPropertyOptional } from '@nestjs/swagger';
import { NEED_STATUSES, type NeedStatus } from '@assist/contracts';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Length,
} from 'class-validator';
import { IsDateTime, KeysetPageQueryDto } from '@app/http';

const toArray = ({ value }: { value: unknown }) => (Array.isArray(value) ? value : [value]);
const toBoolean = ({ value }: { value: unknown }) =>
  value === 'true' ? true : value === 'false' ? false : value;

/** GET /api/needs: filters, newest first, keyset pages. */
export class ListNeedsQueryDto extends KeysetPageQueryDto {
  @ApiPropertyOptional({
    enum: NEED_STATUSES,
    isArray: true,
    maxItems: NEED_STATUSES.length,
    description: 'Repeat for several',
  })
  @IsOptional()
  @Transform(toArray)
  @ArrayMaxSize(NEED_STATUSES.length)
  @IsIn(NEED_STATUSES, { each: true })
  status?: NeedStatus[];

  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() partnerId?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() assignedTo?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() constituentId?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() householdId?: string;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'true: NEW needs past their due date; false: all others',
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  overdue?: boolean;

  @ApiPropertyOptional({ format: 'date-time', description: 'Created at or after (inclusive)' })
  @IsOptional()
  @IsDateTime()
  createdFrom?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Created at or before (inclusive)' })
  @IsOptional()
  @IsDateTime()
  createdTo?: string;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: 200,
    description:
      'Words (or the beginnings of words) all found in the description, or a reference number',
  })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  q?: string;
}
