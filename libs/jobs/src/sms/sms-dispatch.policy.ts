import type { GroupConcurrencyConfig } from 'pg-boss';
import { MAX_PARALLEL_SENDS_PER_ORGANIZATION } from '@app/config';
import { organizationShare } from '../fair-share';

export const SMS_DISPATCH_QUEUE = 'sms.dispatch';

export interface SmsDispatchJob {
  organizationId: string;
  interactionId: string;
  /** A reply to STOP, START or HELP: sent even to an opted-out recipient, as written. */
  compliance?: boolean;
}

/** A provider refusal is retried four times, after about 2, 4, 8 and 16 seconds (pg-boss backoff). */
export const SMS_JOB_POLICY = {
  retryLimit: 4,
  retryDelay: 2,
  retryBackoff: true,
  retryDelayMax: 300,
  /** A send takes at most the provider timeout (15 s); an attempt active longer is presumed dead. */
  expireInSeconds: 60,
  /**
   * The worker touches its jobs twice in this time; a job not touched for longer is failed by
   * pg-boss's supervision (every few seconds), so a crashed worker's sends are settled (as "outcome
   * unknown") and its organizations' places freed within seconds, not after `expireInSeconds`.
   */
  heartbeatSeconds: 10,
} as const;

/**
 * The highest `maxConcurrency` the dispatcher honours; larger settings count as this. Defined with
 * the configuration, whose MAX_CONCURRENCY_CEILING it bounds.
 */
export { MAX_PARALLEL_SENDS_PER_ORGANIZATION };

/**
 * Each job carries its organization as pg-boss group and the organization's `maxConcurrency`
 * (at least 1) as the group's tier; the tier names the group's limit.
 */
export function concurrencyTier(maxConcurrency: number): string {
  return String(Math.min(Math.max(maxConcurrency, 1), MAX_PARALLEL_SENDS_PER_ORGANIZATION));
}

/** Sends one worker process runs at the same time, across organizations. */
export const SMS_WORKER_PLACES = 128;

/**
 * The parallel sends a tier allows: the organization's `maxConcurrency`, but never more than its
 * share of a worker's places (32 of 128), so one organization's hanging sends leave the others room.
 */
export function parallelSends(tier: number): number {
  return Math.min(tier, organizationShare(SMS_WORKER_PLACES));
}

export const GROUP_LIMITS: GroupConcurrencyConfig = {
  default: 1,
  tiers: Object.fromEntries(
    Array.from({ length: MAX_PARALLEL_SENDS_PER_ORGANIZATION }, (_, index) => [
      String(index + 1),
      parallelSends(index + 1),
    ]),
  ),
};
