import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { DataSource } from 'typeorm';

@Injectable()
export class MigrationsHealthIndicator {
  constructor(
    private readonly dataSource: DataSource,
    private readonly indicator: HealthIndicatorService,
  ) {}

  async check(key: string) {
    const session = this.indicator.check(key);
    try {
      const pending = await this.dataSource.showMigrations();
      return pending ? session.down({ message: 'migrations pending' }) : session.up();
    } catch (error) {
      return session.down({ message: (error as Error).message });
    }
  }
}
