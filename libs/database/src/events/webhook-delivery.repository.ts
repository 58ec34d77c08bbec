import { Injectable } from '@nestjs/common';
import { SystemDatabase } from '../tenancy/system-database';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';
import { updateReturning } from '../sql';
import type { KeysetCursor } from '@app/http';

export type DeliveryStatus = 'PENDING' | 'DELIVERED' | 'FAILED';

export interface WebhookDelivery {
  id: string;
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

export interface DeliveryPage {
  deliveries: WebhookDelivery[];
  next: KeysetCursor | null;
}

/** What one attempt needs: the event, where it goes and the encrypted signing secret. */
export interface DeliveryToSend {
  id: string;
  organizationId: string;
  subscriptionId: string;
  eventId: string;
  eventType: string;
  eventData: Record<string, unknown>;
  eventCreatedAt: Date;
  createdAt: Date;
  attempts: number;
  url: string;
  isActive: boolean;
  secretCiphertext: Buffer;
  secretKeyId: string;
}

/** A delivery a worker claimed, and whose it is. */
export interface ClaimedDelivery {
  id: string;
  organizationId: string;
  subscriptionId: string;
}

/** How many due deliveries a claim takes: in all, and of each organization and subscription. */
export interface DeliveryClaimLimits {
  total: number;
  perOrganization: number;
  perSubscription: number;
  /** The places left to the organizations and subscriptions the worker already sends for. */
  organizationsLeft: ReadonlyMap<string, number>;
  subscriptionsLeft: ReadonlyMap<string, number>;
}

export interface DeliveryOutcome {
  responseStatus: number | null;
  error: string | null;
  /** When to try again; null when the attempt succeeded or retries are over. */
  retryAt: Date | null;
}

/** How long a claimed delivery stays with its worker before another may take it (a crash). */
const CLAIM_LEASE_SECONDS = 60;
/** Events and their deliveries are kept this long, then purged once none is still being retried. */
export const EVENT_RETENTION_DAYS = 30;
/** A subscription failing this long without a success is set inactive. */
const DEACTIVATE_AFTER = `interval '3 days'`;

/**
 * The due deliveries a worker takes (claimDue). `pending` walks the subscriptions that have pending
 * deliveries, one index probe each (webhook_delivery_pending_idx), and only while a delivery is due
 * (webhook_delivery_due_idx), so neither an idle poll nor a backlog of millions reads the backlog.
 */
const CLAIM_DUE = `
  WITH RECURSIVE pending (organization_id, subscription_id) AS (
    (SELECT organization_id, subscription_id FROM webhook_delivery
      WHERE status = 'PENDING'
        AND (SELECT next_attempt_at FROM webhook_delivery WHERE status = 'PENDING'
              ORDER BY next_attempt_at LIMIT 1) <= now()
      ORDER BY organization_id, subscription_id LIMIT 1)
    UNION ALL
    SELECT next.organization_id, next.subscription_id FROM pending
     CROSS JOIN LATERAL (
       SELECT organization_id, subscription_id FROM webhook_delivery
        WHERE status = 'PENDING'
          AND (organization_id, subscription_id) > (pending.organization_id, pending.subscription_id)
        ORDER BY organization_id, subscription_id LIMIT 1) next
  ), organization_left (id, places) AS (
    SELECT * FROM unnest($4::uuid[], $5::int[])
  ), subscription_left (id, places) AS (
    SELECT * FROM unnest($6::uuid[], $7::int[])
  ), due AS (
    SELECT d.id, pending.organization_id, d.next_attempt_at,
           row_number() OVER (PARTITION BY pending.subscription_id ORDER BY d.next_attempt_at)
             AS subscription_turn
      FROM pending
     CROSS JOIN LATERAL (
       SELECT id, next_attempt_at FROM webhook_delivery
        WHERE organization_id = pending.organization_id
          AND subscription_id = pending.subscription_id
          AND status = 'PENDING' AND next_attempt_at <= now()
        ORDER BY next_attempt_at
        LIMIT coalesce((SELECT places FROM subscription_left WHERE id = pending.subscription_id), $3)
     ) d
  ), turns AS (
    SELECT id, next_attempt_at,
           row_number() OVER (PARTITION BY organization_id ORDER BY subscription_turn, next_attempt_at)
             AS organization_turn,
           coalesce((SELECT places FROM organization_left WHERE id = due.organization_id), $2)
             AS places
      FROM due
  ), chosen AS (
    SELECT id FROM turns WHERE organization_turn <= places
     ORDER BY organization_turn, next_attempt_at LIMIT $1
  )
  UPDATE webhook_delivery d
     SET next_attempt_at = now() + interval '${CLAIM_LEASE_SECONDS} seconds'
    FROM (SELECT id FROM webhook_delivery
           WHERE id IN (SELECT id FROM chosen) AND status = 'PENDING' AND next_attempt_at <= now()
             FOR UPDATE SKIP LOCKED) claimed
   WHERE d.id = claimed.id
  RETURNING d.id, d.organization_id AS "organizationId", d.subscription_id AS "subscriptionId"`;

const LISTED = `d.id, d.event_id AS "eventId", e.type AS "eventType", d.status, d.attempts,
  d.response_status AS "responseStatus", d.last_error AS "lastError", d.created_at AS "createdAt",
  d.delivered_at AS "deliveredAt",
  (extract(epoch FROM d.created_at) * 1000000)::bigint::text AS "cursorMicros"`;

/** The deliveries of events to subscriptions, and their attempts. */
@Injectable()
export class WebhookDeliveryRepository {
  constructor(
    private readonly tenant: TenantContext,
    private readonly system: SystemDatabase,
  ) {}

  /** A subscription's deliveries, newest first. */
  async list(
    organizationId: OrganizationId,
    subscriptionId: string,
    limit: number,
    after?: KeysetCursor,
  ): Promise<DeliveryPage> {
    const parameters: unknown[] = [organizationId, subscriptionId, limit + 1];
    let position = '';
    if (after) {
      parameters.push(after.createdAtMicros, after.id);
      position = `AND (d.created_at, d.id) <
        ('epoch'::timestamptz + $4::bigint * interval '1 microsecond', $5::uuid)`;
    }
    const rows: (WebhookDelivery & { cursorMicros: string })[] = await this.tenant.manager.query(
      `SELECT ${LISTED} FROM webhook_delivery d
         JOIN webhook_event e ON e.organization_id = d.organization_id AND e.id = d.event_id
        WHERE d.organization_id = $1 AND d.subscription_id = $2 ${position}
        ORDER BY d.created_at DESC, d.id DESC LIMIT $3`,
      parameters,
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      deliveries: page.map(({ cursorMicros: _cursor, ...delivery }) => delivery),
      next: rows.length > limit ? { createdAtMicros: last.cursorMicros, id: last.id } : null,
    };
  }

  /**
   * Crosses organizations (system role): takes due deliveries for this worker, in turns, leasing
   * each for a while (a worker that dies mid-attempt leaves it to be taken again). Each
   * subscription's oldest first, up to the places it has left; then, in each organization, the
   * subscriptions' first deliveries before their second, up to the organization's places; then the
   * organizations' first turns before their second, oldest first. So one organization's or one
   * subscription's backlog never holds back another's.
   */
  claimDue(limits: DeliveryClaimLimits): Promise<ClaimedDelivery[]> {
    return updateReturning(this.system.manager, CLAIM_DUE, [
      limits.total,
      limits.perOrganization,
      limits.perSubscription,
      [...limits.organizationsLeft.keys()],
      [...limits.organizationsLeft.values()],
      [...limits.subscriptionsLeft.keys()],
      [...limits.subscriptionsLeft.values()],
    ]);
  }

  async findToSend(organizationId: OrganizationId, id: string): Promise<DeliveryToSend | null> {
    const rows: DeliveryToSend[] = await this.tenant.manager.query(
      `SELECT d.id, d.organization_id AS "organizationId", d.subscription_id AS "subscriptionId",
              d.event_id AS "eventId", e.type AS "eventType", e.data AS "eventData",
              e.created_at AS "eventCreatedAt", d.created_at AS "createdAt", d.attempts,
              s.url, s.is_active AS "isActive", s.secret_ciphertext AS "secretCiphertext",
              s.secret_key_id AS "secretKeyId"
         FROM webhook_delivery d
         JOIN webhook_event e ON e.organization_id = d.organization_id AND e.id = d.event_id
         JOIN webhook_subscription s
           ON s.organization_id = d.organization_id AND s.id = d.subscription_id
        WHERE d.organization_id = $1 AND d.id = $2 AND d.status = 'PENDING'`,
      [organizationId, id],
    );
    return rows[0] ?? null;
  }

  /**
   * Records an attempt, and the subscription's health: a success clears its failures; a failure
   * starts them (or continues), and a subscription failing for 3 days is set inactive.
   */
  async recordAttempt(
    organizationId: OrganizationId,
    delivery: Pick<DeliveryToSend, 'id' | 'subscriptionId'>,
    outcome: DeliveryOutcome,
  ): Promise<void> {
    const delivered = outcome.error === null;
    await this.tenant.manager.query(
      `UPDATE webhook_delivery
          SET attempts = attempts + 1, response_status = $3, last_error = $4,
              status = CASE WHEN $5::boolean THEN 'DELIVERED' WHEN $6::timestamptz IS NULL THEN 'FAILED'
                            ELSE 'PENDING' END,
              delivered_at = CASE WHEN $5::boolean THEN now() END,
              next_attempt_at = $6
        WHERE organization_id = $1 AND id = $2`,
      [
        organizationId,
        delivery.id,
        outcome.responseStatus,
        outcome.error,
        delivered,
        outcome.retryAt,
      ],
    );
    await this.tenant.manager.query(
      delivered
        ? `UPDATE webhook_subscription SET failing_since = NULL
            WHERE organization_id = $1 AND id = $2 AND failing_since IS NOT NULL`
        : `UPDATE webhook_subscription
              SET failing_since = coalesce(failing_since, now()),
                  is_active = is_active AND coalesce(failing_since, now()) > now() - ${DEACTIVATE_AFTER}
            WHERE organization_id = $1 AND id = $2`,
      [organizationId, delivery.subscriptionId],
    );
  }

  /** A delivery whose subscription was set inactive is not sent. */
  async abandon(organizationId: OrganizationId, id: string, reason: string): Promise<void> {
    await this.tenant.manager.query(
      `UPDATE webhook_delivery SET status = 'FAILED', last_error = $3, next_attempt_at = NULL
        WHERE organization_id = $1 AND id = $2`,
      [organizationId, id, reason],
    );
  }

  /**
   * Crosses organizations (system role): deletes up to `batch` of the oldest events, of every
   * organization, older than the retention
   * whose deliveries are all settled (their delivery rows go with them). Returns how many.
   */
  async purgeSettledEvents(batch: number): Promise<number> {
    const [, count] = (await this.system.manager.query(
      `DELETE FROM webhook_event WHERE id IN (
         SELECT e.id FROM webhook_event e
          WHERE e.created_at < now() - make_interval(days => $1)
            AND NOT EXISTS (SELECT 1 FROM webhook_delivery d
                             WHERE d.event_id = e.id AND d.status = 'PENDING')
          ORDER BY e.created_at LIMIT $2)`,
      [EVENT_RETENTION_DAYS, batch],
    )) as [unknown[], number];
    return count;
  }
}
