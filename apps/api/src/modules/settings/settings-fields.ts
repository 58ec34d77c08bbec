import { applyDecorators } from '@nestjs/common';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateBy,
} from 'class-validator';
import { isValidTimeZone } from '@app/domain/needs/zoned-time';
import { IsE164Phone, Omittable } from '@app/http';

/** Field rules shared by the settings DTOs (the formats of docs/CONVENTIONS.md). */

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Text that may be cleared with null. */
export const NullableText = (max: number) =>
  applyDecorators(IsOptional(), IsString(), Length(1, max));

/** A non-negative whole number that fits the int column; never null. */
export const Count = () => applyDecorators(Omittable(), IsInt(), Min(0), Max(2_147_483_647));

/** A boolean; never null. */
export const Flag = () => applyDecorators(Omittable(), IsBoolean());

/** One of an enumeration, matched case-sensitively; never null. */
export const OneOf = (values: readonly string[]) => applyDecorators(Omittable(), IsIn(values));

/** HH:mm from 00:00 to 23:59, or null. */
export const TimeOfDay = () =>
  applyDecorators(
    IsOptional(),
    Matches(TIME_OF_DAY, { message: '$property must be a time HH:mm from 00:00 to 23:59' }),
  );

/** An E.164 phone number (stored normalized), or null. */
export const NullablePhone = () => applyDecorators(IsOptional(), IsE164Phone());

/** A zone name the runtime's IANA database knows; never null. */
export const IanaTimeZone = () =>
  applyDecorators(
    Omittable(),
    ValidateBy({
      name: 'isIanaTimeZone',
      validator: {
        validate: (value) => typeof value === 'string' && isValidTimeZone(value),
        defaultMessage: () => '$property must be an IANA time zone name, e.g. America/Chicago',
      },
    }),
  );
