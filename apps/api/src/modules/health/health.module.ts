import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { DatabaseModule } from '@app/database';
import { HealthController } from './health.controller';
import { MigrationsHealthIndicator } from './migrations.health';

@Module({
  imports: [TerminusModule, DatabaseModule.forFeature()],
  controllers: [HealthController],
  providers: [MigrationsHealthIndicator],
})
export class HealthModule {}
