import { Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { DomainError } from './domain-error';

/** A path parameter that must be a UUID (documented so); anything else is a 400 naming it. */
export function UuidParam(name = 'id'): ParameterDecorator {
  const param = Param(
    name,
    new ParseUUIDPipe({
      exceptionFactory: () => DomainError.invalid(name, `${name} must be a UUID`),
    }),
  );
  const documented = ApiParam({ name, type: String, format: 'uuid' });
  return (target, method, index) => {
    param(target, method, index);
    const handler =
      method === undefined ? undefined : Object.getOwnPropertyDescriptor(target, method);
    if (method !== undefined && handler) documented(target, method, handler);
  };
}
