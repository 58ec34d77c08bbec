import { createRequire } from 'node:module';
import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, Logger } from 'pino';
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

/** Where a person may be reading: standard output by default. */
export type Terminal = NodeJS.WritableStream & { isTTY?: boolean };

/**
 * JSON lines on standard output; outside production, when `terminal` is a terminal, pino-pretty's
 * readable lines on it instead (a development dependency: production installs keep JSON).
 */
export function createLogger(level: string, terminal: Terminal = process.stdout): Logger {
  const options = { level, redact: REDACTED };
  const readable = terminal.isTTY === true && process.env.NODE_ENV !== 'production';
  const pretty = readable ? prettyStream(terminal) : undefined;
  return pretty ? pino(options, pretty) : pino(options);
}

function prettyStream(terminal: Terminal): DestinationStream | undefined {
  try {
    const load = createRequire(process.argv[1] ?? `${process.cwd()}/`);
    const pretty = load('pino-pretty') as (options: object) => DestinationStream;
    return pretty({
      destination: terminal,
      ignore: 'pid,hostname,context',
      messageFormat: '{if context}[{context}] {end}{msg}',
      translateTime: 'SYS:HH:MM:ss.l',
    });
  } catch {
    return undefined;
  }
}

/**
 * One structured line per request with its id and the client's address (as `trust proxy` yields
 * it); paths only (query strings may carry personal data).
 */
export function httpLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: requestIdFor,
    serializers: {
      req: (req: { id: string; method: string; url: string; raw: { ip?: string } }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
        ip: req.raw.ip,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  }) as unknown as RequestHandler;
}

type Level = 'info' | 'error' | 'warn' | 'debug' | 'trace';

/**
 * Nest's own logs and our `new Logger(Context)` calls through the same pino logger. Nest appends the
 * logger's context as the last parameter, so `logger.log({ count }, 'Purged')` arrives as
 * (object, 'Purged', 'Context').
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  private write(level: Level, message: unknown, params: unknown[]) {
    const strings = params.filter((param): param is string => typeof param === 'string');
    const context = strings.length > 0 ? strings[strings.length - 1] : undefined;
    const text = strings.slice(0, -1).join(' ');
    const fields = context ? { context } : {};
    if (message && typeof message === 'object') {
      this.logger[level]({ ...fields, ...message }, text || undefined);
    } else {
      this.logger[level](fields, [String(message), text].filter(Boolean).join(' '));
    }
  }

  log(message: unknown, ...params: unknown[]) {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]) {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]) {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]) {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]) {
    this.write('trace', message, params);
  }
}
