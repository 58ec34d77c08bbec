import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export type SmsQuotaDecision = 'accepted' | 'daily-cap-reached' | 'monthly-budget-reached';

export interface SmsQuota {
  dayKey: string;
  monthKey: string;
  dailyCap: number;
  monthlyBudget: number;
}

@Injectable()
export class SmsUsageRepository {
  /**
   * Counts one message against the month's budget and the day's cap in one statement: each counter
   * grows only while below its limit, and the day only when the month did. Row locks make it exact
   * under concurrency. On a refusal after the month counted, the caller's transaction must roll
   * back (the send throws), which takes the month's count back with it.
   */
  async consume(
    manager: EntityManager,
    organizationId: string,
    quota: SmsQuota,
  ): Promise<SmsQuotaDecision> {
    const [counted] = await manager.query(
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
}
