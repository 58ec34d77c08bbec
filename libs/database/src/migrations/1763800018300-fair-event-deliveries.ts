import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The delivery claim takes due deliveries in turns, subscription by subscription and organization
 * by organization (WebhookDeliveryRepository.claimDue): it walks the subscriptions with pending
 * deliveries and reads the oldest due ones of each, both through this index.
 */
export class FairEventDeliveries1763800018300 implements MigrationInterface {
  name = 'FairEventDeliveries1763800018300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX webhook_delivery_pending_idx
         ON webhook_delivery (organization_id, subscription_id, next_attempt_at)
         WHERE status = 'PENDING'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX webhook_delivery_pending_idx`);
  }
}
