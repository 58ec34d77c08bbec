import type { GroupConcurrencyConfig } from 'pg-boss';

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

/** The highest `maxConcurrency` the dispatcher honours; larger settings count as this. */
export const MAX_PARALLEL_SENDS_PER_ORGANIZATION = 100;

/**
 * Each job carries its organization as pg-boss group and the organization's `maxConcurrency`
 * (at least 1) as the group's tier; the tier names the group's limit.
 */
export function concurrencyTier(maxConcurrency: number): string {
  return String(Math.min(Math.max(maxConcurrency, 1), MAX_PARALLEL_SENDS_PER_ORGANIZATION));
}

export const GROUP_LIMITS: GroupConcurrencyConfig = {
  default: 1,
  tiers: Object.fromEntries(
    Array.from({ length: MAX_PARALLEL_SENDS_PER_ORGANIZATION }, (_, index) => [
      String(index + 1),
      index + 1,
    ]),
  ),
};
