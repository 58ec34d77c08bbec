import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AppConfig } from '@app/config';
import { configureHttp, createLogger, PinoNestLogger, setupOpenApi } from '@app/http';
import { AppModule } from '../app.module';
import { enterRequestOrganizations } from './enter-organization.interceptor';
import { recordRequestOrigins } from './request-origin.interceptor';

/** The API application, configured exactly as served; used by main.ts and by the tests. */
export async function createApi(config: AppConfig, databaseUrl: string): Promise<INestApplication> {
  const logger = createLogger(config.logLevel);
  const app = await NestFactory.create(AppModule.forRoot(config, databaseUrl), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
  });
  configureHttp(app, logger, config);
  recordRequestOrigins(app);
  enterRequestOrganizations(app);
  setupOpenApi(app);
  return app;
}
