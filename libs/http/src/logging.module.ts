import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { requestIdFor } from './request-id';

/** Fields that may carry personal data; pino writes [Redacted] in their place. */
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

/** Structured JSON logs with the request id, and no personal data. */
@Module({})
export class LoggingModule {
  static forRoot(level: string): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            level,
            genReqId: requestIdFor,
            redact: REDACTED,
            customProps: (request) => ({ requestId: request.id }),
            serializers: {
              req: (req: { id: string; method: string; url: string }) => ({
                id: req.id,
                method: req.method,
                url: req.url.split('?')[0],
              }),
            },
          },
        }),
      ],
    };
  }
}
