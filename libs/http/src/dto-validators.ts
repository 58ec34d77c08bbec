import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { isISO8601, IsUrl, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** An optional field that must not be null when sent (@IsOptional would let null through). */
export const Omittable = (): PropertyDecorator =>
  ValidateIf((_object, value) => value !== undefined);

/** An absolute http or https URL. */
export const IsHttpUrl = (): PropertyDecorator =>
  IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: '$property must be an http or https URL' },
  );

function toE164(value: string): string | undefined {
  const phone = value.startsWith('+') ? parsePhoneNumberFromString(value) : undefined;
  return phone?.isValid() ? phone.number : undefined;
}

/** The longest phone input read (E.164 itself has at most 16 characters). */
const MAX_PHONE_INPUT = 32;

/**
 * A valid phone number in E.164 form; spaces, dashes and parentheses are normalized away. Documented
 * as format e164 (this API's own: what the phone-number library accepts).
 */
export const IsE164Phone = (): PropertyDecorator =>
  applyDecorators(
    ApiProperty({ format: 'e164' }),
    Transform(({ value }) =>
      typeof value === 'string' && value.length <= MAX_PHONE_INPUT
        ? (toE164(value) ?? value)
        : value,
    ),
    MaxLength(MAX_PHONE_INPUT),
    ValidateBy({
      name: 'isE164Phone',
      validator: {
        validate: (value) => typeof value === 'string' && toE164(value) === value,
        defaultMessage: () =>
          '$property must be a valid phone number in E.164 format, e.g. +12025550123',
      },
    }),
  );

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 date-time on a real calendar date, with Z or an offset (never a local time). */
export const IsDateTime = (): PropertyDecorator =>
  ValidateBy({
    name: 'isDateTime',
    validator: {
      validate: (value) =>
        typeof value === 'string' &&
        DATE_TIME.test(value) &&
        isISO8601(value, { strict: true }) &&
        !Number.isNaN(Date.parse(value)),
      defaultMessage: () =>
        '$property must be an ISO 8601 date-time with a time zone, e.g. 2026-05-01T09:00:00Z',
    },
  });
