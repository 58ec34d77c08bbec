import { Param, ParseUUIDPipe } from '@nestjs/common';
import { DomainError } from './domain-error';

/** A path parameter that must be a UUID; anything else is a 400 naming the parameter. */
export function UuidParam(name = 'id'): ParameterDecorator {
  return Param(
    name,
    new ParseUUIDPipe({
      exceptionFactory: () => DomainError.invalid(name, `${name} must be a UUID`),
    }),
  );
}
