import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Public } from '@app/auth';
import { SystemDatabase } from '@app/database';
import { ApiProblems } from '@app/http';
import { HealthResponseDto } from './health.dto';
import { MigrationsHealthIndicator } from './migrations.health';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly migrations: MigrationsHealthIndicator,
    private readonly system: SystemDatabase,
  ) {}

  @Get('live')
  @Public()
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @ApiOperation({ operationId: 'getLiveness', summary: 'Liveness: the process answers' })
  @ApiOkResponse({ type: HealthResponseDto })
  live() {
    return this.health.check([]);
  }

  @Get('ready')
  @Public()
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @ApiOperation({
    operationId: 'getReadiness',
    summary: 'Readiness: the database answers and every migration is applied',
  })
  @ApiOkResponse({ type: HealthResponseDto })
  @ApiProblems(503)
  ready() {
    // As the system role: a probe enters no organization, and the application pool refuses a
    // query outside one.
    const connection = this.system.manager.connection;
    return this.health.check([
      () => this.database.pingCheck('database', { connection, timeout: 2000 }),
      () => this.migrations.check('migrations'),
    ]);
  }
}
