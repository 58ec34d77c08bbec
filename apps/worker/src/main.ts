import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ConfigError, loadConfig } from '@app/config';
import { createLogger, PinoNestLogger } from '@app/http';
import { WorkerModule } from './worker.module';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl)
    throw new ConfigError('DATABASE_URL', 'is required for a separate worker');
  const app = await NestFactory.createApplicationContext(
    WorkerModule.forRoot(config, config.databaseUrl),
    { logger: new PinoNestLogger(createLogger(config.logLevel)) },
  );
  app.enableShutdownHooks();
  await app.init();
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
