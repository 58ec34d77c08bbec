import { applyDecorators, createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiProblems, DomainError } from '@app/http';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The request's Idempotency-Key header (1–255 characters), or undefined without one. */
export const IdempotencyKey = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string | undefined => {
    const value = context.switchToHttp().getRequest<Request>().headers['idempotency-key'];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value.length < 1 || value.length > 255) {
      throw DomainError.invalid(
        IDEMPOTENCY_KEY_HEADER,
        'Idempotency-Key must be 1 to 255 characters',
      );
    }
    return value;
  },
);

/** Documents the Idempotency-Key header and its two problems (API.md section 1). */
export const ApiIdempotencyKey = () =>
  applyDecorators(
    ApiHeader({
      name: IDEMPOTENCY_KEY_HEADER,
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: 255 },
      description:
        'Replays the first response to a repeat with the same key and body within 24 hours; ' +
        'the same key with another body is 422, a repeat while the first runs is 409.',
    }),
    ApiProblems(409, 422),
  );
