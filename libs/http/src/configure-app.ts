import type { INestApplication } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import helmet from 'helmet';
import type { Logger } from 'pino';
import {
  bodyParserErrors,
  parseJsonBody,
  refuseUnsafeInput,
  requireJsonContentType,
} from './body-parsing';
import { httpLogger } from './logging';
import { ProblemDetailsFilter } from './problem-details.filter';
import { assignRequestId } from './request-id';
import { ApiValidationPipe } from './validation.pipe';

/**
 * The HTTP conventions of API.md section 1, applied the same way by the server and the tests.
 * The app must be created with `bodyParser: false`.
 */
export function configureHttp(app: INestApplication, logger: Logger): void {
  app.use(assignRequestId);
  // Request lines are written at info; below it the middleware would only cost time.
  if (logger.isLevelEnabled('info')) app.use(httpLogger(logger));
  app.use(helmet());
  app.use(requireJsonContentType);
  app.use(parseJsonBody);
  app.use(bodyParserErrors);
  app.use(refuseUnsafeInput);
  app.useGlobalPipes(new ApiValidationPipe());
  app.useGlobalFilters(new ProblemDetailsFilter(app.get(HttpAdapterHost)));
}
