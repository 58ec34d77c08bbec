import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { MigrationsHealthIndicator } from './migrations.health';

@Module({
  imports: [TerminusModule],
  controllers: [HealthController],
  providers: [MigrationsHealthIndicator],
})
export class HealthModule {}
