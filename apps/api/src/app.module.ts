import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '@app/auth';
import { AppConfig, ConfigModule } from '@app/config';
import { DatabaseModule } from '@app/database';
import { JobsModule } from '@app/jobs';
import { AuthApiModule } from './modules/auth/auth.module';
import { HealthModule } from './modules/health/health.module';
import { MembersModule } from './modules/members/members.module';

/** The HTTP API. `databaseUrl` is resolved by the caller (embedded PostgreSQL or DATABASE_URL). */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(databaseUrl),
        AuthModule.forRoot(config),
        JobsModule.forRoot(databaseUrl, { runWorkers: config.runWorkers }),
        HealthModule,
        AuthApiModule,
        MembersModule,
      ],
    };
  }
}
