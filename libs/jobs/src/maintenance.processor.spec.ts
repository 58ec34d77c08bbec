import { NestFactory } from '@nestjs/core';
import { AppConfig, ConfigModule } from '@app/config';
import { DatabaseModule } from '@app/database';
import { newOrg, TestApp } from '@app/testing';
import { JobProcessorsModule } from './jobs.module';
import { MaintenanceProcessor } from './maintenance.processor';

/** The background processors alone, as `npm run start:worker` runs them. */
const startProcessors = (config: AppConfig, databaseUrl: string) =>
  NestFactory.create(
    {
      module: class MaintenanceSpecModule {},
      imports: [
        ConfigModule.forRoot(config, databaseUrl),
        DatabaseModule.forRoot(databaseUrl),
        JobProcessorsModule,
      ],
    },
    { logger: false },
  );

describe('MaintenanceProcessor', () => {
  let app: TestApp;
  let maintenance: MaintenanceProcessor;

  beforeAll(async () => {
    app = await TestApp.start(startProcessors);
    maintenance = app.app.get(MaintenanceProcessor);
  });
  afterAll(() => app.close());

  const countUsage = (organizationId: string, period: 'day' | 'month', key: string, used = 1) =>
    app.dataSource.query(
      `INSERT INTO sms_usage (organization_id, period, period_key, used) VALUES ($1, $2, $3, $4)`,
      [organizationId, period, key, used],
    );

  const usageKeys = async (organizationId: string): Promise<string[]> =>
    (
      await app.dataSource.query(
        `SELECT period || ' ' || period_key AS key FROM sms_usage
          WHERE organization_id = $1 ORDER BY period, period_key`,
        [organizationId],
      )
    ).map((row: { key: string }) => row.key);

  describe('SMS usage', () => {
    it('purges the counts of days and months that have ended in every timezone', async () => {
      const west = await newOrg(app, { timezone: 'Etc/GMT+12' });
      const east = await newOrg(app, { timezone: 'Pacific/Kiritimati' });
      for (const organization of [west, east]) {
        for (const day of ['2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']) {
          await countUsage(organization.id, 'day', day);
        }
        for (const month of ['2025-12', '2026-01', '2026-02', '2026-03']) {
          await countUsage(organization.id, 'month', month);
        }
      }
      // 06:00 UTC on March 1st is still February 28th, 18:00, at UTC-12 (and March 1st, 20:00, at
      // UTC+14): only days before February 28th and months before February are over everywhere.
      expect(await maintenance.purgeEndedSmsPeriods(new Date('2026-03-01T06:00:00Z'))).toBe(8);
      for (const organization of [west, east]) {
        expect(await usageKeys(organization.id)).toEqual([
          'day 2026-02-28',
          'day 2026-03-01',
          'day 2026-03-02',
          'month 2026-02',
          'month 2026-03',
        ]);
      }
    });

    it('purges in the hourly job, however many rows have piled up', async () => {
      const organization = await newOrg(app);
      await app.dataSource.query(
        `INSERT INTO sms_usage (organization_id, period, period_key, used)
         SELECT $1, 'day', to_char(date '2000-01-01' + day, 'YYYY-MM-DD'), 1
           FROM generate_series(0, 6000) AS day`,
        [organization.id],
      );
      await countUsage(organization.id, 'month', '2000-01', 300);
      const dayKey = new Date().toISOString().slice(0, 10);
      const monthKey = dayKey.slice(0, 7);
      await countUsage(organization.id, 'day', dayKey, 7);
      await countUsage(organization.id, 'month', monthKey, 7);
      await maintenance.purgeExpired();
      expect(await usageKeys(organization.id)).toEqual([`day ${dayKey}`, `month ${monthKey}`]);
    });
  });

  describe('events', () => {
    /** An event of `daysAgo` with one delivery in `status`; the event's id. */
    async function eventWithDelivery(
      organizationId: string,
      subscriptionId: string,
      daysAgo: number,
      status: string,
    ): Promise<string> {
      const [event] = await app.dataSource.query(
        `INSERT INTO webhook_event (organization_id, type, data, created_at)
         VALUES ($1, 'need.created', '{}', now() - make_interval(days => $2)) RETURNING id`,
        [organizationId, daysAgo],
      );
      await app.dataSource.query(
        `INSERT INTO webhook_delivery (organization_id, event_id, subscription_id, status, created_at)
         VALUES ($1, $2, $3, $4, now() - make_interval(days => $5))`,
        [organizationId, event.id, subscriptionId, status, daysAgo],
      );
      return event.id;
    }

    it('purges events older than 30 days with their deliveries, once none is still retried', async () => {
      const organization = await newOrg(app);
      const [subscription] = await app.dataSource.query(
        `INSERT INTO webhook_subscription (organization_id, url, events, secret_ciphertext, secret_key_id)
         VALUES ($1, 'https://receiver.example.org/hooks', '{need.created}', '\\x00', 'k1') RETURNING id`,
        [organization.id],
      );
      const event = (daysAgo: number, status: string) =>
        eventWithDelivery(organization.id, subscription.id, daysAgo, status);
      const oldDelivered = await event(31, 'DELIVERED');
      const oldFailed = await event(40, 'FAILED');
      const oldPending = await event(31, 'PENDING');
      const recent = await event(29, 'DELIVERED');

      await maintenance.purgeExpired();

      const remaining = await app.dataSource.query(
        `SELECT e.id, count(d.id)::int AS deliveries FROM webhook_event e
           LEFT JOIN webhook_delivery d ON d.event_id = e.id
          WHERE e.organization_id = $1 GROUP BY e.id`,
        [organization.id],
      );
      expect(remaining).toEqual(
        expect.arrayContaining([
          { id: oldPending, deliveries: 1 },
          { id: recent, deliveries: 1 },
        ]),
      );
      expect(remaining.map((row: { id: string }) => row.id)).not.toEqual(
        expect.arrayContaining([oldDelivered]),
      );
      expect(remaining).toHaveLength(2);
      expect(oldFailed).toEqual(expect.any(String));
    });
  });
});
