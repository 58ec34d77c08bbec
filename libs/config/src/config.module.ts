import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from './app-config';

/** The database URL the process runs on: DATABASE_URL, or the embedded server's when it has none. */
export const DATABASE_URL = Symbol('DATABASE_URL');

/**
 * Provides the validated AppConfig under the APP_CONFIG token, and the resolved database URL
 * under DATABASE_URL, to the whole application.
 */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DATABASE_URL, useValue: databaseUrl },
      ],
      exports: [APP_CONFIG, DATABASE_URL],
    };
  }
}
