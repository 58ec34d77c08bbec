import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { ProblemDetails } from '@assist/contracts';
import type { Express, Request, Response } from 'express';
import { allowedMethods } from './allowed-methods';
import { isDatabaseUnavailable } from './database-unavailable';
import { DomainError } from './domain-error';
import { domainProblem, plainProblem, sendProblem } from './problem-details';

function messageOf(error: HttpException): string {
  const body = error.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : error.message;
}

/** Seconds a client is asked to wait when the database is unreachable (a restart or failover). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Writes every error as RFC 9457 problem details; a 5xx is logged and never leaks internals. */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemDetails');

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<Request>();
    const response = host.switchToHttp().getResponse<Response>();
    sendProblem(response, this.toProblem(exception, request, response));
  }

  private toProblem(exception: unknown, request: Request, response: Response): ProblemDetails {
    const instance = request.originalUrl.split('?')[0];
    if (exception instanceof DomainError) return domainProblem(exception, instance);
    if (exception instanceof NotFoundException && messageOf(exception).startsWith('Cannot ')) {
      return this.unknownRoute(request, response, instance);
    }
    if (exception instanceof HttpException) {
      return plainProblem(exception.getStatus(), messageOf(exception), instance);
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn({ err: exception, requestId: request.id }, 'Database unavailable');
      response.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return plainProblem(
        503,
        `The service is briefly unavailable; try again shortly (request ${String(request.id)})`,
        instance,
      );
    }
    this.logger.error({ err: exception, requestId: request.id }, 'Unhandled error');
    return plainProblem(
      500,
      `An unexpected error occurred (request ${String(request.id)})`,
      instance,
    );
  }

  private unknownRoute(request: Request, response: Response, instance: string): ProblemDetails {
    const app = this.adapterHost.httpAdapter.getInstance<Express>();
    const methods = allowedMethods(app, request.path);
    if (methods.length === 0) return plainProblem(404, `No resource at ${request.path}`, instance);
    response.setHeader('Allow', methods.join(', '));
    return plainProblem(
      405,
      `${request.method} is not allowed here; use ${methods.join(', ')}`,
      instance,
    );
  }
}
