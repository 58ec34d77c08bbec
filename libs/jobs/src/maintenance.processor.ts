import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import {
  IdempotencyKeyRepository,
  InteractionRepository,
  MemberInvitationRepository,
  RateLimitStore,
  RefreshTokenRepository,
  SmsUsageRepository,
  TenantContext,
} from '@app/database';
import { smsPeriods } from '@app/domain';
import { JobQueue } from './job-queue';

export const PURGE_EXPIRED_JOB = 'maintenance.purge-expired';

/** An email send whose outcome is still unrecorded this long after it began was cut short. */
export const EMAIL_SEND_LOST_AFTER_SECONDS = 10 * 60;
export const EMAIL_SEND_LOST =
  "The provider's answer was lost (the send may or may not have happened)";

/** SMS usage rows deleted per statement: a backlog is purged in short statements. */
export const SMS_USAGE_PURGE_BATCH = 5000;

const DAY_MS = 86_400_000;

/**
 * Hourly: deletes expired refresh tokens, invitations and idempotency keys, and rate limit windows
 * that ended an hour ago (each one statement across organizations, in its repository); deletes the SMS usage
 * counts of days and months that have ended everywhere; and fails the emails whose send was cut
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
    const lostEmails = await this.failLostEmailSends();
    this.logger.log(
      { tokens, invitations, idempotencyKeys, smsUsage, lostEmails },
      'Purged expired credentials, keys and SMS usage counts, failed lost email sends',
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
    let purged = 0;
    let deleted: number;
    do {
      deleted = await this.smsUsage.deleteBefore(dayKey, monthKey, SMS_USAGE_PURGE_BATCH);
      purged += deleted;
    } while (deleted === SMS_USAGE_PURGE_BATCH);
    return purged;
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
