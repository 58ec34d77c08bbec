import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { PgBoss } from 'pg-boss';
import type { SendOptions, WorkHandler, WorkOptions } from 'pg-boss';
import { DATABASE_URL } from './tokens';

/** pg-boss on the application's PostgreSQL: jobs live in the `pgboss` schema. */
@Injectable()
export class JobQueue implements OnApplicationShutdown {
  private readonly logger = new Logger(JobQueue.name);
  private readonly boss: PgBoss;
  private started?: Promise<void>;

  constructor(@Inject(DATABASE_URL) url: string) {
    this.boss = new PgBoss({ connectionString: url, max: 4 });
    this.boss.on('error', (error: Error) => this.logger.error({ err: error }, 'pg-boss error'));
  }

  start(): Promise<void> {
    this.started ??= this.boss.start().then(() => undefined);
    return this.started;
  }

  async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    await this.start();
    await this.boss.createQueue(name).catch(() => undefined);
    return this.boss.send(name, data, options);
  }

  async work<T>(name: string, options: WorkOptions, handler: WorkHandler<T>): Promise<void> {
    await this.start();
    await this.boss.createQueue(name).catch(() => undefined);
    await this.boss.work<T>(name, options, handler);
  }

  async schedule(name: string, cron: string): Promise<void> {
    await this.start();
    await this.boss.createQueue(name).catch(() => undefined);
    await this.boss.schedule(name, cron);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.started) await this.boss.stop({ graceful: true, timeout: 10_000 });
  }
}
