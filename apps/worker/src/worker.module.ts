import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig, ConfigModule } from '@app/config';
import { DatabaseModule } from '@app/database';
import { JobProcessorsModule } from '@app/jobs';

/** The background workers alone, for `npm run start:worker` (scale them apart from the API). */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config, databaseUrl),
        DatabaseModule.forRoot(databaseUrl),
        JobProcessorsModule,
      ],
    };
  }
}
