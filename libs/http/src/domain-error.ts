import type { FieldError, ProblemCode } from '@assist/contracts';

/** A failure a client can act on. The problem filter turns it into RFC 9457 problem details. */
export class DomainError extends Error {
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly extras: { errors?: FieldError[]; retryAfter?: number; purpose?: string } = {},
  ) {
    super(detail);
    this.name = 'DomainError';
  }

  static notFound(what: string): DomainError {
    return new DomainError('not-found', `${what} not found`);
  }

  static forbidden(detail = 'You do not have permission to do this'): DomainError {
    return new DomainError('forbidden', detail);
  }

  static conflict(detail: string): DomainError {
    return new DomainError('conflict', detail);
  }

  static invalid(field: string, message: string): DomainError {
    return new DomainError('validation-error', `${field}: ${message}`, {
      errors: [{ field, message }],
    });
  }
}
