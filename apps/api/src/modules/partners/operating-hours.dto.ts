import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsObject,
  IsTimeZone,
  Matches,
  Validate,
  ValidateIf,
  ValidateNested,
  ValidationArguments,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';
import { Omittable } from '@app/http';
import type { DayHours, OperatingHours } from '@app/database';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

@ValidatorConstraint({ name: 'endAfterStart' })
class EndAfterStart implements ValidatorConstraintInterface {
  validate(end: string, { object }: ValidationArguments): boolean {
    const { is_open, start } = object as DayHoursDto;
    return !is_open || start === undefined || !HH_MM.test(start) || start < end;
  }

  defaultMessage(): string {
    return 'end must be after start on an open day';
  }
}

/** Required when the day is open; checked whenever sent. */
const RequiredWhenOpen = () =>
  ValidateIf((day: DayHoursDto, value) => day.is_open === true || value !== undefined);

export class DayHoursDto implements DayHours {
  @ApiProperty() @IsBoolean() is_open: boolean;

  @ApiPropertyOptional({ example: '09:00', maxLength: 5, description: 'HH:mm; required when open' })
  @RequiredWhenOpen()
  @Matches(HH_MM, { message: 'start must be HH:mm (00:00 to 23:59)' })
  start?: string;

  @ApiPropertyOptional({
    example: '17:00',
    maxLength: 5,
    description: 'HH:mm after start; required when open',
  })
  @RequiredWhenOpen()
  @Matches(HH_MM, { message: 'end must be HH:mm (00:00 to 23:59)' })
  @Validate(EndAfterStart)
  end?: string;
}

const Day = () =>
  applyDecorators(
    ApiPropertyOptional({ type: DayHoursDto }),
    Omittable(),
    ValidateNested(),
    Type(() => DayHoursDto),
  );

/** Keyed by lowercase weekday name; any other key is refused. A missing day is closed. */
export class WeeklyHoursDto {
  @Day() monday?: DayHoursDto;
  @Day() tuesday?: DayHoursDto;
  @Day() wednesday?: DayHoursDto;
  @Day() thursday?: DayHoursDto;
  @Day() friday?: DayHoursDto;
  @Day() saturday?: DayHoursDto;
  @Day() sunday?: DayHoursDto;
}

export class OperatingHoursDto implements OperatingHours {
  @ApiPropertyOptional({
    example: 'America/Chicago',
    maxLength: 64,
    description: "IANA zone of the hours; the partner's timezone when absent",
  })
  @Omittable()
  @IsTimeZone({ message: 'timezone must be an IANA time zone name' })
  timezone?: string;

  @ApiProperty({ type: WeeklyHoursDto })
  @IsObject()
  @ValidateNested()
  @Type(() => WeeklyHoursDto)
  weekly_hours: WeeklyHoursDto;
}
