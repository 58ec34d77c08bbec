import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Public } from '@app/auth';
import { MigrationsHealthIndicator } from './migrations.health';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly migrations: MigrationsHealthIndicator,
  ) {}

  @Get('live')
  @Public()
  @HealthCheck()
  @ApiOperation({ summary: 'Liveness: the process answers' })
  live() {
    return this.health.check([]);
  }

  @Get('ready')
  @Public()
  @HealthCheck()
  @ApiOperation({ summary: 'Readiness: the database answers and every migration is applied' })
  ready() {
    return this.health.check([
      () => this.database.pingCheck('database', { timeout: 2000 }),
      () => this.migrations.check('migrations'),
    ]);
  }
}
