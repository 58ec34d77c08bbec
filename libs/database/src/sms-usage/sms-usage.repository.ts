import { Injectable } from '@nestjs/common';
import { SystemDatabase } from '../tenancy/system-database';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';
import type { TenantTransaction } from '../tenancy/tenant-transaction';

export type SmsQuotaDecision = 'accepted' | 'daily-cap-reached' | 'monthly-budget-reached';

export interface SmsQuota {
  dayKey: string;
  monthKey: string;
  dailyCap: number;
  monthlyBudget: number;
}

@Injectable()
export class SmsUsageRepository {
  constructor(
    private readonly tenant: TenantContext,
    private readonly system: SystemDatabase,
  ) {}

  /**
   * Counts one message against the month's budget and the day's cap in one statement: each counter
   * grows only while below its limit, and the day only when the month did. Row locks make it exact
   * under concurrency. It runs in the send's transaction (`tx`): on a refusal after the month
   * counted, that transaction must roll back (the send throws), which takes the month's count back
   * with it.
   */
  async consume(
    organizationId: OrganizationId,
    tx: TenantTransaction,
    quota: SmsQuota,
  ): Promise<SmsQuotaDecision> {
    const [counted] = await tx.manager.query(
      `WITH month AS (
         INSERT INTO sms_usage AS usage (organization_id, period, period_key, used)
         SELECT $1::uuid, 'month', $3::text, 1 WHERE $5::int > 0
         ON CONFLICT (organization_id, period, period_key)
           DO UPDATE SET used = usage.used + 1 WHERE usage.used < $5::int
         RETURNING used
       ), day AS (
         INSERT INTO sms_usage AS usage (organization_id, period, period_key, used)
         SELECT $1::uuid, 'day', $2::text, 1 FROM month WHERE $4::int > 0
         ON CONFLICT (organization_id, period, period_key)
           DO UPDATE SET used = usage.used + 1 WHERE usage.used < $4::int
         RETURNING used
       )
       SELECT EXISTS (SELECT 1 FROM month) AS month, EXISTS (SELECT 1 FROM day) AS day`,
      [organizationId, quota.dayKey, quota.monthKey, quota.dailyCap, quota.monthlyBudget],
    );
    if (!counted.month) return 'monthly-budget-reached';
    return counted.day ? 'accepted' : 'daily-cap-reached';
  }

  /**
   * Crosses organizations (system role): every organization's counts of days before `dayKey` and months before `monthKey`, at most
   * `limit` rows in one statement (the maintenance job). Returns how many were deleted.
   */
  async deleteBefore(dayKey: string, monthKey: string, limit: number): Promise<number> {
    const [, count] = (await this.system.manager.query(
      `DELETE FROM sms_usage
        WHERE (organization_id, period, period_key) IN (
          SELECT organization_id, period, period_key FROM sms_usage
           WHERE (period = 'day' AND period_key < $1) OR (period = 'month' AND period_key < $2)
           LIMIT $3)`,
      [dayKey, monthKey, limit],
    )) as [unknown[], number];
    return count;
  }
}
