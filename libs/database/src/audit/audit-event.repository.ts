import { Injectable } from '@nestjs/common';
import type { AuditAction } from '@assist/contracts';
import type { KeysetCursor } from '@app/http';
import { queryPrepared } from '../sql';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';
import type { TenantTransaction } from '../tenancy/tenant-transaction';
import type { AuditEvent, NewAuditEvent } from './audit-event';

/** Which entries a list shows; every filter is optional, bounds (ISO 8601 date-times) inclusive. */
export interface AuditEventFilter {
  actorId?: string;
  subjectId?: string;
  actions?: AuditAction[];
  from?: string;
  to?: string;
}

export interface AuditEventPage {
  events: AuditEvent[];
  next: KeysetCursor | null;
}

/** An organization's last sequence and hash: where its next entry chains on. */
export interface AuditChainHead {
  lastSequence: number;
  lastHash: string;
}

interface AuditEventRow extends Omit<AuditEvent, 'sequence'> {
  sequence: string;
  cursorMicros: string;
}

/** `at` as the API writes it, formatted by PostgreSQL (cheaper than parsing a Date per row). */
const COLUMNS = `e.id, e.sequence,
  to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
  e.actor_type AS "actorType", e.actor_id AS "actorId",
  e.action, e.subject_type AS "subjectType", e.subject_id AS "subjectId",
  e.request_id AS "requestId", e.client_ip AS "clientIp", e.details, e.hash`;

/** Appends entries in one statement (migration 1763800019000: the lock, the time, the hashes). */
const APPEND = `SELECT append_audit_events($1, $2::text[], $3::uuid[], $4::text[], $5::text[],
  $6::text[], $7::text[], $8::uuid[], $9::jsonb[])`;

function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    sequence: Number(row.sequence),
    at: row.at,
    actorType: row.actorType,
    actorId: row.actorId,
    action: row.action,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    requestId: row.requestId,
    clientIp: row.clientIp,
    details: row.details,
    hash: row.hash,
  };
}

/** The access audit log: append-only hash chains, one per organization (docs/AUDIT.md). */
@Injectable()
export class AuditEventRepository {
  constructor(private readonly tenant: TenantContext) {}

  /**
   * Appends the entries, in order, chained to the organization's previous one: in `tx` when given,
   * else in the open transaction if any, else committed on their own. The chain head stays locked
   * until that transaction ends: append after the change's other writes, so the lock is held
   * briefly and always taken last.
   */
  async append(
    organizationId: OrganizationId,
    entries: readonly NewAuditEvent[],
    tx?: TenantTransaction,
  ): Promise<void> {
    if (entries.length === 0) return;
    const column = <K extends keyof NewAuditEvent>(key: K) => entries.map((entry) => entry[key]);
    await queryPrepared(tx?.manager ?? this.tenant.manager, APPEND, [
      organizationId,
      column('actorType'),
      column('actorId'),
      column('requestId'),
      column('clientIp'),
      column('action'),
      column('subjectType'),
      column('subjectId'),
      entries.map((entry) => JSON.stringify(entry.details)),
    ]);
  }

  /** One page of entries, newest first, and the position after it when more follow. */
  async page(
    organizationId: OrganizationId,
    filter: AuditEventFilter,
    limit: number,
    after?: KeysetCursor,
  ): Promise<AuditEventPage> {
    const values: unknown[] = [organizationId];
    const parameter = (value: unknown) => `$${values.push(value)}`;
    const conditions = ['e.organization_id = $1'];
    if (filter.actorId) conditions.push(`e.actor_id = ${parameter(filter.actorId)}`);
    if (filter.subjectId) conditions.push(`e.subject_id = ${parameter(filter.subjectId)}`);
    if (filter.actions) conditions.push(`e.action = ANY (${parameter(filter.actions)}::text[])`);
    if (filter.from) conditions.push(`e.at >= ${parameter(filter.from)}::timestamptz`);
    if (filter.to) conditions.push(`e.at <= ${parameter(filter.to)}::timestamptz`);
    if (after) {
      conditions.push(`(e.at, e.sequence) <
        ('epoch'::timestamptz + ${parameter(after.createdAtMicros)}::bigint * interval '1 microsecond',
         (SELECT c.sequence FROM audit_event c
           WHERE c.organization_id = $1 AND c.id = ${parameter(after.id)}::uuid))`);
    }
    const rows: AuditEventRow[] = await this.tenant.manager.query(
      `SELECT ${COLUMNS}, (extract(epoch FROM e.at) * 1000000)::bigint::text AS "cursorMicros"
         FROM audit_event e
        WHERE ${conditions.join(' AND ')}
        ORDER BY e.at DESC, e.sequence DESC
        LIMIT ${parameter(limit + 1)}`,
      values,
    );
    const events = rows.slice(0, limit);
    const last = rows.length > limit ? rows[limit - 1] : undefined;
    return {
      events: events.map(toAuditEvent),
      next: last ? { createdAtMicros: last.cursorMicros, id: last.id } : null,
    };
  }

  /** The organization's last sequence and hash as appends left them; null before its first entry. */
  async chainHead(organizationId: OrganizationId): Promise<AuditChainHead | null> {
    const [head] = await this.tenant.manager.query<{ lastSequence: string; lastHash: string }[]>(
      `SELECT last_sequence AS "lastSequence", last_hash AS "lastHash"
         FROM audit_chain_head WHERE organization_id = $1`,
      [organizationId],
    );
    return head ? { lastSequence: Number(head.lastSequence), lastHash: head.lastHash } : null;
  }

  /** Up to `size` entries in sequence order after `afterSequence`, up to `lastSequence`. */
  async chainBatch(
    organizationId: OrganizationId,
    afterSequence: number,
    lastSequence: number,
    size: number,
  ): Promise<AuditEvent[]> {
    const rows: AuditEventRow[] = await queryPrepared(
      this.tenant.manager,
      `SELECT ${COLUMNS} FROM audit_event e
        WHERE e.organization_id = $1 AND e.sequence > $2 AND e.sequence <= $3
        ORDER BY e.sequence LIMIT $4`,
      [organizationId, afterSequence, lastSequence, size],
    );
    return rows.map(toAuditEvent);
  }
}
