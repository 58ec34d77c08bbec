import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import {
  Database,
  IdempotencyKeyRepository,
  LoginFailureRepository,
  MemberInvitationRepository,
  RefreshTokenRepository,
} from '@app/database';
import { JobQueue } from './job-queue';

export const PURGE_EXPIRED_JOB = 'maintenance.purge-expired';

/**
 * Hourly: deletes expired refresh tokens, invitations and idempotency keys, and login failures older
 * than a day.
 */
@Injectable()
export class MaintenanceProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(
    private readonly queue: JobQueue,
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly invitations: MemberInvitationRepository,
    private readonly loginFailures: LoginFailureRepository,
    private readonly idempotencyKeys: IdempotencyKeyRepository,
    private readonly db: Database,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.schedule(PURGE_EXPIRED_JOB, '17 * * * *');
    await this.queue.work(PURGE_EXPIRED_JOB, {}, () => this.purgeExpired());
  }

  purgeExpired(): Promise<void> {
    return this.db.asSystem(() => this.purgeAll());
  }

  private async purgeAll(): Promise<void> {
    const tokens = await this.refreshTokens.deleteExpired();
    const invitations = await this.invitations.deleteExpired();
    await this.loginFailures.deleteOlderThan(24 * 3600);
    const idempotencyKeys = await this.idempotencyKeys.deleteExpired();
    this.logger.log(
      { tokens, invitations, idempotencyKeys },
      'Purged expired credentials and keys',
    );
  }
}
