import type { Request } from 'express';
import { DomainError } from '@app/http';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The request's Idempotency-Key header (1–255 characters), or undefined without one. */
export function idempotencyKeyOf(request: Request): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length < 1 || value.length > 255) {
    throw DomainError.invalid(
      IDEMPOTENCY_KEY_HEADER,
      'Idempotency-Key must be 1 to 255 characters',
    );
  }
  return value;
}
