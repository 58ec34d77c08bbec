import { ArgumentMetadata, Injectable, ValidationError, ValidationPipe } from '@nestjs/common';
import type { FieldError } from '@assist/contracts';
import { DomainError } from './domain-error';

function flatten(errors: ValidationError[], prefix = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

export function validationProblem(errors: FieldError[]): DomainError {
  const detail = errors.map((error) => error.message).join('; ') || 'The request is not valid';
  return new DomainError('validation-error', detail, { errors });
}

/**
 * The global pipe: unknown fields are refused, values are transformed to their DTO types, and
 * failures become a validation-error problem listing each field. A body must be a JSON object.
 */
@Injectable()
export class ApiValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      validateCustomDecorators: false,
      exceptionFactory: (errors) => validationProblem(flatten(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && metadata.metatype && this.toValidate(metadata)) {
      if (value === undefined) value = {};
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw validationProblem([
          { field: 'body', message: 'The request body must be a JSON object' },
        ]);
      }
    }
    return super.transform(value, metadata);
  }
}
