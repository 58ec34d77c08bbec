import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { PgBoss } from 'pg-boss';
import type { FetchOptions, Job, SendOptions, WorkHandler, WorkOptions } from 'pg-boss';
import { DATABASE_URL } from '@app/config';
import { TickBatcher } from './tick-batcher';

/** One attempt of a claimed job: settling it leaves a later attempt alone. */
type JobAttempt = Pick<Job, 'id' | 'retryCount'>;

/**
 * How often pg-boss looks for jobs whose worker stopped sending heartbeats (and expired jobs), and
 * fails them for a retry: with a job's `heartbeatSeconds`, a crashed worker's jobs are back within
 * the two together.
 */
const SUPERVISE_INTERVAL_SECONDS = 5;

/** pg-boss on the application's PostgreSQL: jobs live in the `pgboss` schema. */
@Injectable()
export class JobQueue implements OnApplicationShutdown {
  private readonly logger = new Logger(JobQueue.name);
  private readonly boss: PgBoss;
  private started?: Promise<void>;
  private readonly queues = new Map<string, Promise<void>>();
  /** The jobs completed in one turn of the event loop, one statement per queue. */
  private readonly completions = new TickBatcher<JobAttempt>(async (name, jobs) => {
    await this.boss.complete(name, jobs);
  });

  constructor(@Inject(DATABASE_URL) url: string) {
    this.boss = new PgBoss({
      connectionString: url,
      max: 4,
      // The migrations create pg-boss's tables (as the owner); the runtime role creates nothing.
      migrate: false,
      superviseIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
      monitorIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
    });
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

  complete(name: string, job: JobAttempt): Promise<void> {
    return this.completions.add(name, job);
  }

  /** Tells pg-boss these jobs' worker is alive (jobs sent with `heartbeatSeconds`). */
  async touch(name: string, jobs: JobAttempt[]): Promise<void> {
    if (jobs.length > 0) await this.boss.touch(name, jobs);
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
