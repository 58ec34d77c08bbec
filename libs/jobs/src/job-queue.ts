import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { PgBoss } from 'pg-boss';
import type { FetchOptions, Job, SendOptions, WorkHandler, WorkOptions } from 'pg-boss';

/** One attempt of a claimed job: settling it leaves a later attempt alone. */
type JobAttempt = Pick<Job, 'id' | 'retryCount'>;
import { DATABASE_URL } from '@app/config';

/** pg-boss on the application's PostgreSQL: jobs live in the `pgboss` schema. */
@Injectable()
export class JobQueue implements OnApplicationShutdown {
  private readonly logger = new Logger(JobQueue.name);
  private readonly boss: PgBoss;
  private started?: Promise<void>;
  private readonly queues = new Map<string, Promise<void>>();

  constructor(@Inject(DATABASE_URL) url: string) {
    this.boss = new PgBoss({ connectionString: url, max: 4 });
    this.boss.on('error', (error: Error) => this.logger.error({ err: error }, 'pg-boss error'));
  }

  start(): Promise<void> {
    this.started ??= this.boss.start().then(() => undefined);
    return this.started;
  }

  /** Starts pg-boss and creates the queue, once per queue and process. */
  private ready(name: string): Promise<void> {
    let ready = this.queues.get(name);
    if (!ready) {
      ready = this.start().then(() => this.boss.createQueue(name).catch(() => undefined));
      this.queues.set(name, ready);
    }
    return ready;
  }

  async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    await this.ready(name);
    return this.boss.send(name, data, options);
  }

  /** Claims up to `batchSize` jobs; the caller settles each with complete() or fail(). */
  async fetch<T>(name: string, options: FetchOptions): Promise<Job<T>[]> {
    await this.ready(name);
    return this.boss.fetch<T>(name, options);
  }

  async complete(name: string, job: JobAttempt): Promise<void> {
    await this.boss.complete(name, job);
  }

  /** Fails the attempt; pg-boss retries the job while its retry limit allows. */
  async fail(name: string, job: JobAttempt, error: Error): Promise<void> {
    await this.boss.fail(name, job, { message: error.message });
  }

  async work<T>(name: string, options: WorkOptions, handler: WorkHandler<T>): Promise<void> {
    await this.ready(name);
    await this.boss.work<T>(name, options, handler);
  }

  async schedule(name: string, cron: string): Promise<void> {
    await this.ready(name);
    await this.boss.schedule(name, cron);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.started) await this.boss.stop({ graceful: true, timeout: 10_000 });
  }
}
