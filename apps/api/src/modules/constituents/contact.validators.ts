import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsString, Matches, MaxLength, ValidateBy } from 'class-validator';
import { isBirthDate, isUsStateCode } from '@app/domain';

/** Strips surrounding white space from a string value. */
export const Trim = (): PropertyDecorator =>
  Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Text of 1 to `max` characters after trimming (so never blank). */
export const TrimmedText = (max: number) =>
  applyDecorators(
    Trim(),
    IsString(),
    MaxLength(max),
    Matches(/\S/, { message: '$property must not be blank' }),
  );

/** A two-letter code of a US state, DC or a US territory, upper case. */
export const IsUsState = (): PropertyDecorator =>
  ValidateBy({
    name: 'isUsState',
    validator: {
      validate: (value) => typeof value === 'string' && isUsStateCode(value),
      defaultMessage: () =>
        '$property must be the two-letter code of a US state, DC or a US territory',
    },
  });

/** A real calendar date (YYYY-MM-DD) from 1900 up to today. */
export const IsBirthDate = (): PropertyDecorator =>
  ValidateBy({
    name: 'isBirthDate',
    validator: {
      validate: (value) => typeof value === 'string' && isBirthDate(value),
      defaultMessage: () => '$property must be a real date (YYYY-MM-DD) from 1900 up to today',
    },
  });
