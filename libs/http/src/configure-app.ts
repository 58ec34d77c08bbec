import type { INestApplication } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import {
  bodyParserErrors,
  parseJsonBody,
  refuseUnsafeInput,
  requireJsonContentType,
} from './body-parsing';
import { corsPolicy } from './cors';
import { httpLogger } from './logging';
import { ProblemDetailsFilter } from './problem-details.filter';
import { assignRequestId } from './request-id';
import { ApiValidationPipe } from './validation.pipe';

/** Where the server meets browsers and proxies (CORS_ORIGINS, TRUST_PROXY). */
export interface HttpEdges {
  corsOrigins: string[];
  trustProxy: false | number | string[];
}

/**
 * The HTTP conventions (README, "API conventions"), applied the same way by the server and the
 * tests. The app must be created with `bodyParser: false`. CORS comes first, so that every answer
 * (a refused body, a 429) carries its headers; `trust proxy` decides the client address `req.ip`
 * gives every per-address limit and log line.
 */
export function configureHttp(app: INestApplication, logger: Logger, edges: HttpEdges): void {
  (app as NestExpressApplication).set('trust proxy', edges.trustProxy);
  app.enableCors(corsPolicy(edges.corsOrigins));
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
