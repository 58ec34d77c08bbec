import type { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { RequestHandler } from 'express';
import { requestIdFor } from './request-id';

/** Fields that may carry personal data or secrets; pino writes [Redacted] in their place. */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.email',
  '*.phone',
  '*.firstName',
  '*.lastName',
  '*.fullName',
  '*.password',
  '*.token',
  '*.refreshToken',
  '*.apiKey',
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: REDACTED });
}

/** One structured line per request with its id; paths only (query strings may carry personal data). */
export function httpLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: requestIdFor,
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  }) as unknown as RequestHandler;
}

/** Nest's own logs (start-up, errors) through the same pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  private write(
    level: 'info' | 'error' | 'warn' | 'debug' | 'trace',
    message: unknown,
    context?: unknown,
  ) {
    const fields = typeof context === 'string' ? { context } : {};
    if (message && typeof message === 'object') this.logger[level]({ ...fields, ...message });
    else this.logger[level](fields, String(message));
  }

  log(message: unknown, context?: unknown) {
    this.write('info', message, context);
  }
  error(message: unknown, _trace?: unknown, context?: unknown) {
    this.write('error', message, context);
  }
  warn(message: unknown, context?: unknown) {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: unknown) {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: unknown) {
    this.write('trace', message, context);
  }
}
