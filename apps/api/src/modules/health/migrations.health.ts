import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { SystemDatabase } from '@app/database';

/** Whether every migration is applied, read as the system role (a probe enters no organization). */
@Injectable()
export class MigrationsHealthIndicator {
  constructor(
    private readonly system: SystemDatabase,
    private readonly indicator: HealthIndicatorService,
  ) {}

  async check(key: string) {
    const session = this.indicator.check(key);
    try {
      const pending = await this.system.manager.connection.showMigrations();
      return pending ? session.down({ message: 'migrations pending' }) : session.up();
    } catch (error) {
      return session.down({ message: (error as Error).message });
    }
  }
}
