import { Injectable } from '@nestjs/common';
import { updateReturning } from '../sql';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';
import type { TenantTransaction } from '../tenancy/tenant-transaction';

export interface WebhookSubscription {
  id: string;
  organizationId: string;
  url: string;
  events: string[];
  description: string | null;
  isActive: boolean;
  secretCiphertext: Buffer;
  secretKeyId: string;
  createdAt: Date;
}

export type NewWebhookSubscription = Pick<
  WebhookSubscription,
  'url' | 'events' | 'description' | 'secretCiphertext' | 'secretKeyId'
>;

export type WebhookSubscriptionChanges = Partial<
  Pick<WebhookSubscription, 'url' | 'events' | 'description' | 'isActive'>
>;

const COLUMNS = `id, organization_id AS "organizationId", url, events, description,
  is_active AS "isActive", secret_ciphertext AS "secretCiphertext", secret_key_id AS "secretKeyId",
  created_at AS "createdAt"`;

const CHANGE_COLUMNS: Record<keyof WebhookSubscriptionChanges, string> = {
  url: 'url',
  events: 'events',
  description: 'description',
  isActive: 'is_active',
};

/** An organization's event subscriptions. */
@Injectable()
export class WebhookSubscriptionRepository {
  constructor(private readonly tenant: TenantContext) {}

  /**
   * Adds the subscription unless the organization already has `limit`: null then. The
   * organization's subscriptions are added one at a time (an advisory lock held until `tx` ends),
   * and each counts the others after taking the lock, so concurrent adds never pass the limit.
   */
  async insertWithinLimit(
    organizationId: OrganizationId,
    tx: TenantTransaction,
    subscription: NewWebhookSubscription,
    limit: number,
  ): Promise<WebhookSubscription | null> {
    await tx.manager.query(
      `SELECT pg_advisory_xact_lock(hashtextextended('webhook-subscriptions:' || $1, 0))`,
      [organizationId],
    );
    const rows: WebhookSubscription[] = await tx.manager.query(
      `INSERT INTO webhook_subscription
         (organization_id, url, events, description, secret_ciphertext, secret_key_id)
       SELECT $1, $2, $3, $4, $5, $6
        WHERE (SELECT count(*) FROM webhook_subscription WHERE organization_id = $1) < $7
       RETURNING ${COLUMNS}`,
      [
        organizationId,
        subscription.url,
        subscription.events,
        subscription.description,
        subscription.secretCiphertext,
        subscription.secretKeyId,
        limit,
      ],
    );
    return rows[0] ?? null;
  }

  list(organizationId: OrganizationId): Promise<WebhookSubscription[]> {
    return this.tenant.manager.query(
      `SELECT ${COLUMNS} FROM webhook_subscription WHERE organization_id = $1
        ORDER BY created_at, id`,
      [organizationId],
    );
  }

  async find(organizationId: OrganizationId, id: string): Promise<WebhookSubscription | null> {
    const rows: WebhookSubscription[] = await this.tenant.manager.query(
      `SELECT ${COLUMNS} FROM webhook_subscription WHERE organization_id = $1 AND id = $2`,
      [organizationId, id],
    );
    return rows[0] ?? null;
  }

  /** Re-activating a subscription forgets its failures. */
  async update(
    organizationId: OrganizationId,
    id: string,
    changes: WebhookSubscriptionChanges,
  ): Promise<WebhookSubscription | null> {
    const parameters: unknown[] = [organizationId, id];
    const assignments = Object.entries(changes)
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => {
        parameters.push(value);
        return `${CHANGE_COLUMNS[field as keyof WebhookSubscriptionChanges]} = $${parameters.length}`;
      });
    if (changes.isActive) assignments.push('failing_since = NULL');
    const rows = await updateReturning<WebhookSubscription>(
      this.tenant.manager,
      `UPDATE webhook_subscription SET ${[...assignments, 'updated_at = now()'].join(', ')}
        WHERE organization_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      parameters,
    );
    return rows[0] ?? null;
  }

  async delete(organizationId: OrganizationId, id: string): Promise<boolean> {
    const [, count] = (await this.tenant.manager.query(
      `DELETE FROM webhook_subscription WHERE organization_id = $1 AND id = $2`,
      [organizationId, id],
    )) as [unknown, number];
    return count > 0;
  }
}
