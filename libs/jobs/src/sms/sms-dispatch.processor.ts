import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import type { Job } from 'pg-boss';
import { InFlightShares } from '../fair-share';
import { JobQueue } from '../job-queue';
import { transactionDb } from '../transaction-db';
import {
  GROUP_LIMITS,
  parallelSends,
  SMS_DISPATCH_QUEUE,
  SMS_JOB_POLICY,
  SMS_WORKER_PLACES,
  SmsDispatchJob,
} from './sms-dispatch.policy';
import { SmsDispatcher } from './sms-dispatcher';
import { SystemDatabase } from '@app/database';

/** Jobs one worker process runs at the same time, across organizations. */
const MAX_IN_FLIGHT = SMS_WORKER_PLACES;
/** Claims wait for this many free places (claims are serialized, so each should take several). */
const CLAIM_BATCH = 32;
/** How long an idle worker waits before looking for due jobs again. */
const POLL_INTERVAL_MS = 500;

function isLastAttempt(job: Job<SmsDispatchJob>): boolean {
  return job.retryCount >= SMS_JOB_POLICY.retryLimit;
}

/** The jobs grouped by organization, each group in claim order. */
function byOrganization(jobs: Job<SmsDispatchJob>[]): Job<SmsDispatchJob>[][] {
  const groups = new Map<string, Job<SmsDispatchJob>[]>();
  for (const job of jobs) {
    const group = groups.get(job.data.organizationId);
    if (group) group.push(job);
    else groups.set(job.data.organizationId, [job]);
  }
  return [...groups.values()];
}

/**
 * Runs the SMS dispatch jobs. `maxConcurrency` bounds the parallel sends of each organization across
 * every worker process: the jobs of an organization form a pg-boss group whose limit is counted from
 * the active jobs in the database, and claims are serialized by an advisory lock, so two workers
 * never both take the last free place of a group. The limit is never more than the organization's
 * share of a worker's places (parallelSends), so one organization's hanging sends leave the others
 * places to claim. A worker keeps claiming as places free up, skipping the organizations it already
 * runs at their limit. Claims cross organizations (system role, pg-boss's tables); the jobs claimed
 * of each organization are then dispatched together, in that organization
 * (SmsDispatcher.dispatchAll).
 */
@Injectable()
export class SmsDispatchProcessor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(SmsDispatchProcessor.name);
  private readonly inFlight = new Set<Promise<void>>();
  /** The jobs this process holds, by id, kept alive with heartbeats. */
  private readonly held = new Map<string, Job<SmsDispatchJob>>();
  private heartbeat?: NodeJS.Timeout;
  /** Per organization: jobs this process runs, and the organization's limit. */
  private readonly running = new InFlightShares();
  private stopping = false;
  private loop?: Promise<void>;
  private wake?: () => void;

  constructor(
    private readonly queue: JobQueue,
    private readonly system: SystemDatabase,
    private readonly dispatcher: SmsDispatcher,
  ) {}

  onApplicationBootstrap(): void {
    this.loop = this.run();
    this.heartbeat = setInterval(
      () => void this.touchHeld(),
      (SMS_JOB_POLICY.heartbeatSeconds * 1000) / 2,
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
    await Promise.all(this.inFlight);
    clearInterval(this.heartbeat);
  }

  private async touchHeld(): Promise<void> {
    try {
      await this.queue.touch(SMS_DISPATCH_QUEUE, [...this.held.values()]);
    } catch (error) {
      this.logger.error({ err: error }, 'Sending the SMS jobs’ heartbeat failed');
    }
  }

  /** Runs one claimed job to its end: completes it, or fails it for pg-boss to retry. */
  handle(job: Job<SmsDispatchJob>): Promise<void> {
    return this.settle(job, this.dispatcher.dispatch(job.data, isLastAttempt(job)));
  }

  private async settle(job: Job<SmsDispatchJob>, dispatched: Promise<void>): Promise<void> {
    try {
      await dispatched;
      await this.queue.complete(SMS_DISPATCH_QUEUE, job);
    } catch (error) {
      await this.queue.fail(SMS_DISPATCH_QUEUE, job, error as Error);
    }
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      const jobs = this.mayClaim() ? await this.claim(MAX_IN_FLIGHT - this.inFlight.size) : [];
      for (const organizationJobs of byOrganization(jobs)) this.start(organizationJobs);
      if (jobs.length === 0) await this.idle();
    }
  }

  private mayClaim(): boolean {
    return this.inFlight.size === 0 || MAX_IN_FLIGHT - this.inFlight.size >= CLAIM_BATCH;
  }

  private async claim(capacity: number): Promise<Job<SmsDispatchJob>[]> {
    const saturated = this.running.full();
    try {
      return await this.system.transaction(async (manager) => {
        await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
          SMS_DISPATCH_QUEUE,
        ]);
        return this.queue.fetch<SmsDispatchJob>(SMS_DISPATCH_QUEUE, {
          batchSize: capacity,
          groupConcurrency: GROUP_LIMITS,
          ignoreGroups: saturated,
          db: transactionDb(manager),
        });
      });
    } catch (error) {
      this.logger.error({ err: error }, 'Claiming SMS jobs failed');
      return [];
    }
  }

  /** Starts jobs of one organization, dispatched together (SmsDispatcher.dispatchAll). */
  private start(jobs: Job<SmsDispatchJob>[]): void {
    const organizationId = jobs[0].data.organizationId;
    const limit = parallelSends(Number(jobs[0].groupTier ?? 1));
    const dispatched = this.dispatcher.dispatchAll(
      jobs.map((job) => ({ job: job.data, lastAttempt: isLastAttempt(job) })),
    );
    jobs.forEach((job, index) => {
      this.running.take(organizationId, limit);
      this.held.set(job.id, job);
      const run = this.settle(job, dispatched[index])
        .catch((error: unknown) => this.logger.error({ err: error }, 'Settling an SMS job failed'))
        .finally(() => {
          this.held.delete(job.id);
          this.inFlight.delete(run);
          this.running.release(organizationId);
          if (this.mayClaim()) this.wake?.();
        });
      this.inFlight.add(run);
    });
  }

  /** Waits until places free up (see mayClaim) or the poll interval passes, whichever is first. */
  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake?.(), POLL_INTERVAL_MS);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }
}
