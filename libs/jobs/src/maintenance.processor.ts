import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import {
  IdempotencyKeyRepository,
  InteractionRepository,
  MemberInvitationRepository,
  RateLimitStore,
  RefreshTokenRepository,
  SmsUsageRepository,
  TenantContext,
  WebhookDeliveryRepository,
} from '@app/database';
import { smsPeriods } from '@app/domain';
import { JobQueue } from './job-queue';

export const PURGE_EXPIRED_JOB = 'maintenance.purge-expired';

/** An email send whose outcome is still unrecorded this long after it began was cut short. */
export const EMAIL_SEND_LOST_AFTER_SECONDS = 10 * 60;
export const EMAIL_SEND_LOST =
  "The provider's answer was lost (the send may or may not have happened)";

/** Rows deleted per statement: a backlog is purged in short statements. */
export const PURGE_BATCH = 5000;

const DAY_MS = 86_400_000;

/** Runs `purge` (deleting at most a batch, answering how many) until a batch comes back short. */
async function inBatches(purge: (batch: number) => Promise<number>): Promise<number> {
  let purged = 0;
  let deleted: number;
  do {
    deleted = await purge(PURGE_BATCH);
    purged += deleted;
  } while (deleted === PURGE_BATCH);
  return purged;
}

/**
 * Hourly: deletes expired refresh tokens, invitations and idempotency keys, and rate limit windows
 * that ended an hour ago (each one statement across organizations, in its repository); deletes the SMS usage
 * counts of days and months that have ended everywhere; deletes events (and their deliveries) past
 * their retention; and fails the emails whose send was cut
 * short between its two writes (see EmailSendService), in each organization that has some.
 */
@Injectable()
export class MaintenanceProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(
    private readonly queue: JobQueue,
    private readonly tenant: TenantContext,
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly invitations: MemberInvitationRepository,
    private readonly rateLimits: RateLimitStore,
    private readonly idempotencyKeys: IdempotencyKeyRepository,
    private readonly interactions: InteractionRepository,
    private readonly smsUsage: SmsUsageRepository,
    private readonly deliveries: WebhookDeliveryRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.schedule(PURGE_EXPIRED_JOB, '17 * * * *');
    await this.queue.work(PURGE_EXPIRED_JOB, {}, () => this.purgeExpired());
  }

  async purgeExpired(): Promise<void> {
    const tokens = await this.refreshTokens.deleteExpired();
    const invitations = await this.invitations.deleteExpired();
    await this.rateLimits.purgeExpired();
    const idempotencyKeys = await this.idempotencyKeys.deleteExpired();
    const smsUsage = await this.purgeEndedSmsPeriods(new Date());
    const events = await inBatches((batch) => this.deliveries.purgeSettledEvents(batch));
    const lostEmails = await this.failLostEmailSends();
    this.logger.log(
      { tokens, invitations, idempotencyKeys, smsUsage, events, lostEmails },
      'Purged expired credentials, keys, SMS usage counts and events, failed lost email sends',
    );
  }

  /**
   * Caps count only the current local day and month of an organization (smsPeriods). No timezone
   * is more than 12 hours behind UTC, so the UTC day and month of a day ago are never later than
   * any organization's current ones: the counts of earlier periods can no longer matter. Returns
   * how many were deleted.
   */
  async purgeEndedSmsPeriods(now: Date): Promise<number> {
    const { dayKey, monthKey } = smsPeriods(new Date(now.getTime() - DAY_MS), 'UTC');
    return inBatches((batch) => this.smsUsage.deleteBefore(dayKey, monthKey, batch));
  }

  /** Returns how many emails were failed. */
  async failLostEmailSends(): Promise<number> {
    let failed = 0;
    const organizations = await this.interactions.organizationsWithUnsettledEmails(
      EMAIL_SEND_LOST_AFTER_SECONDS,
    );
    for (const organization of organizations) {
      failed += await this.tenant.run(organization, () =>
        this.interactions.failUnsettledEmails(
          organization,
          EMAIL_SEND_LOST_AFTER_SECONDS,
          EMAIL_SEND_LOST,
        ),
      );
    }
    return failed;
  }
}
