import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from '@app/config';
import { configureHttp, setupOpenApi } from '@app/http';
import { AppModule } from '../app.module';

/** The API application, configured exactly as served; used by main.ts and by the tests. */
export async function createApi(
  config: AppConfig,
  databaseUrl: string,
  options: { bufferLogs?: boolean } = {},
): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule.forRoot(config, databaseUrl), {
    bodyParser: false,
    bufferLogs: options.bufferLogs ?? false,
  });
  app.useLogger(app.get(Logger));
  configureHttp(app);
  setupOpenApi(app);
  return app;
}
