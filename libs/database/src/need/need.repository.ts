import { Injectable } from '@nestjs/common';
import type { NeedStatus } from '@assist/contracts';
import type { QueryDeepPartialEntity } from 'typeorm';
import { NeedEntity } from './need.entity';
import { NeedVisibility, SqlParams, visibilityConditions } from './need-visibility';
import {
  organizationId as brandOrganizationId,
  type OrganizationId,
} from '../tenancy/organization-id';
import { queryPrepared } from '../sql';
import { SystemDatabase } from '../tenancy/system-database';
import { TenantContext } from '../tenancy/tenant-context';
import type { KeysetCursor } from '@app/http';

export type NewNeed = Pick<
  NeedEntity,
  | 'partnerId'
  | 'constituentId'
  | 'householdId'
  | 'parentNeedId'
  | 'description'
  | 'customFields'
  | 'isConfidential'
  | 'createdBy'
  | 'referenceNumber'
  | 'duplicateWarning'
  | 'slaHours'
  | 'dueDate'
>;

export type NeedChanges = Partial<
  Omit<NeedEntity, 'id' | 'organizationId' | 'createdAt' | 'updatedAt'>
>;

export interface NeedListQuery {
  statuses?: NeedStatus[];
  partnerId?: string;
  assignedTo?: string;
  constituentId?: string;
  householdId?: string;
  overdue?: boolean;
  /** Inclusive bounds, as PostgreSQL timestamptz literals. */
  createdFrom?: string;
  createdTo?: string;
  /** Words (or their beginnings) of the description, all of them; or a whole reference number. */
  q?: string;
  limit: number;
  after?: KeysetCursor;
}

/**
 * A need as the list shows it: its timestamps already ISO 8601 text in UTC with milliseconds (what
 * `Date#toISOString` writes), formatted by PostgreSQL, so a page of 50 costs no Date parsing and
 * formatting per field.
 */
export interface ListedNeed {
  id: string;
  organizationId: string;
  partnerId: string;
  status: NeedStatus;
  description: string;
  customFields: Record<string, unknown>;
  isConfidential: boolean;
  parentNeedId: string | null;
  assignedTo: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  dueDate: string | null;
  constituentId: string | null;
  householdId: string | null;
  duplicateWarning: string | null;
  referenceNumber: string;
  outcome: NeedEntity['outcome'];
  reason: string | null;
  slaHours: number;
  resolvedAt: string | null;
}

export interface NeedPage {
  needs: ListedNeed[];
  next: KeysetCursor | null;
}

const COLUMNS = `id, organization_id AS "organizationId", partner_id AS "partnerId",
  constituent_id AS "constituentId", household_id AS "householdId", parent_need_id AS "parentNeedId",
  status, description, custom_fields AS "customFields", is_confidential AS "isConfidential",
  assigned_to AS "assignedTo", created_by AS "createdBy", reference_number AS "referenceNumber",
  survey_token AS "surveyToken", duplicate_warning AS "duplicateWarning", sla_hours AS "slaHours",
  due_date AS "dueDate", sla_paused_at AS "slaPausedAt", sla_remaining_seconds AS "slaRemainingSeconds",
  outcome, reason, resolved_at AS "resolvedAt", escalated_at AS "escalatedAt",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

/** `column` as `Date#toISOString` writes it (both truncate to milliseconds), or null. */
const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A listed need, with its keyset position. */
type ListedRow = ListedNeed & { cursorMicros: string };
const LISTED_COLUMNS = `id, organization_id AS "organizationId", partner_id AS "partnerId", status,
  description, custom_fields AS "customFields", is_confidential AS "isConfidential",
  parent_need_id AS "parentNeedId", assigned_to AS "assignedTo", created_by AS "createdBy",
  ${iso('created_at')} AS "createdAt", ${iso('updated_at')} AS "updatedAt",
  ${iso('due_date')} AS "dueDate", constituent_id AS "constituentId",
  household_id AS "householdId", duplicate_warning AS "duplicateWarning",
  reference_number AS "referenceNumber", outcome, reason, sla_hours AS "slaHours",
  ${iso('resolved_at')} AS "resolvedAt",
  (extract(epoch FROM created_at) * 1000000)::bigint::text AS "cursorMicros"`;

const OVERDUE = `(status = 'NEW' AND due_date IS NOT NULL AND due_date < now())`;

/** Every word of `q` begins a word of the description, or `q` is the whole reference number. */
function searchCondition(q: string, params: SqlParams): string {
  const reference = `reference_number = ${params.add(q.toUpperCase())}`;
  const words = q.match(/[\p{L}\p{N}]+/gu);
  if (!words) return reference;
  const prefixes = params.add(words.map((word) => `${word}:*`).join(' & '));
  return `(to_tsvector('simple', description) @@ to_tsquery('simple', ${prefixes}) OR ${reference})`;
}

/** Keyset position: rows after the cursor in the newest-first order. */
function afterCondition(cursor: KeysetCursor, params: SqlParams): string {
  const micros = params.add(cursor.createdAtMicros);
  const createdAt = `'epoch'::timestamptz + ${micros}::bigint * interval '1 microsecond'`;
  return `(created_at, id) < (${createdAt}, ${params.add(cursor.id)}::uuid)`;
}

function filterConditions(query: NeedListQuery, params: SqlParams): string[] {
  const conditions: string[] = [];
  const equal = (column: string, value: unknown) =>
    conditions.push(`${column} = ${params.add(value)}`);
  if (query.statuses?.length) {
    conditions.push(`status = ANY(${params.add(query.statuses)}::text[])`);
  }
  if (query.partnerId) equal('partner_id', query.partnerId);
  if (query.assignedTo) equal('assigned_to', query.assignedTo);
  if (query.constituentId) equal('constituent_id', query.constituentId);
  if (query.householdId) equal('household_id', query.householdId);
  if (query.overdue !== undefined) conditions.push(query.overdue ? OVERDUE : `NOT ${OVERDUE}`);
  if (query.createdFrom) {
    conditions.push(`created_at >= ${params.add(query.createdFrom)}::timestamptz`);
  }
  if (query.createdTo) conditions.push(`created_at <= ${params.add(query.createdTo)}::timestamptz`);
  if (query.q) conditions.push(searchCondition(query.q, params));
  if (query.after) conditions.push(afterCondition(query.after, params));
  return conditions;
}

@Injectable()
export class NeedRepository {
  constructor(
    private readonly tenant: TenantContext,
    private readonly system: SystemDatabase,
  ) {}

  /** Inserts the need; null when its reference number is already taken in the organization. */
  async insert(organizationId: OrganizationId, need: NewNeed): Promise<NeedEntity | null> {
    const rows: NeedEntity[] = await queryPrepared(
      this.tenant.manager,
      `INSERT INTO need (organization_id, partner_id, constituent_id, household_id, parent_need_id,
          description, custom_fields, is_confidential, created_by, reference_number, duplicate_warning,
          sla_hours, due_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (organization_id, reference_number) DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        organizationId,
        need.partnerId,
        need.constituentId,
        need.householdId,
        need.parentNeedId,
        need.description,
        JSON.stringify(need.customFields),
        need.isConfidential,
        need.createdBy,
        need.referenceNumber,
        need.duplicateWarning,
        need.slaHours,
        need.dueDate,
      ],
    );
    return rows[0] ?? null;
  }

  /** The need if the visibility admits it; `lock` holds it for update until the transaction ends. */
  async findVisible(
    organizationId: OrganizationId,
    needId: string,
    visibility: NeedVisibility,
    options: { lock?: boolean } = {},
  ): Promise<NeedEntity | null> {
    const params = new SqlParams();
    const conditions = [
      `organization_id = ${params.add(organizationId)}`,
      `id = ${params.add(needId)}`,
      ...visibilityConditions(visibility, params),
    ];
    const rows: NeedEntity[] = await this.tenant.manager.query(
      `SELECT ${COLUMNS} FROM need WHERE ${conditions.join(' AND ')}${options.lock ? ' FOR UPDATE' : ''}`,
      params.values,
    );
    return rows[0] ?? null;
  }

  get(organizationId: OrganizationId, needId: string): Promise<NeedEntity> {
    return this.tenant.manager.findOneByOrFail(NeedEntity, { organizationId, id: needId });
  }

  /**
   * One page of visible needs, newest first, and the position after it when more follow. A text
   * search (`q`) finds the page's ids first, as the system role (see pageIdsAcrossOrganizations).
   */
  async list(
    organizationId: OrganizationId,
    visibility: NeedVisibility,
    query: NeedListQuery,
  ): Promise<NeedPage> {
    const params = new SqlParams();
    const conditions = [
      `organization_id = ${params.add(organizationId)}`,
      ...visibilityConditions(visibility, params),
      ...filterConditions(query, params),
    ];
    const page = `FROM need WHERE ${conditions.join(' AND ')}
        ORDER BY created_at DESC, id DESC LIMIT ${params.add(query.limit + 1)}`;
    // The page's shape depends only on which filters are present: a prepared statement each.
    const rows: ListedRow[] = query.q
      ? await this.readPage(organizationId, await this.pageIdsAcrossOrganizations(page, params))
      : await queryPrepared(this.tenant.manager, `SELECT ${LISTED_COLUMNS} ${page}`, params.values);
    const needs = rows.slice(0, query.limit);
    const last = needs[needs.length - 1];
    return {
      needs,
      next: rows.length > query.limit ? { createdAtMicros: last.cursorMicros, id: last.id } : null,
    };
  }

  /**
   * Crosses organizations (system role), ids only: `@@` is not LEAKPROOF, so under row-level
   * security PostgreSQL would filter the organization's every need instead of using the text index.
   * `page` names the organization and the caller's visibility itself.
   */
  private async pageIdsAcrossOrganizations(page: string, params: SqlParams): Promise<string[]> {
    const rows: { id: string }[] = await this.system.manager.query(
      `SELECT id ${page}`,
      params.values,
    );
    return rows.map((row) => row.id);
  }

  /** The needs of `ids`, in that newest-first order, read under row-level security. */
  private readPage(organizationId: OrganizationId, ids: string[]): Promise<ListedRow[]> {
    return this.tenant.manager.query(
      `SELECT ${LISTED_COLUMNS} FROM need WHERE organization_id = $1 AND id = ANY($2::uuid[])
        ORDER BY created_at DESC, id DESC`,
      [organizationId, ids],
    );
  }

  async update(
    organizationId: OrganizationId,
    needId: string,
    changes: NeedChanges,
  ): Promise<void> {
    // jsonb custom fields are written whole; TypeORM's deep-partial type does not admit a plain record.
    const values = changes as QueryDeepPartialEntity<NeedEntity>;
    await this.tenant.manager.update(NeedEntity, { organizationId, id: needId }, values);
  }

  /** Serializes parent-link changes in the organization, so two changes cannot close a cycle together. */
  async lockParentLinks(organizationId: OrganizationId): Promise<void> {
    await this.tenant.manager.query(
      `SELECT pg_advisory_xact_lock(hashtextextended('need-parent:' || $1, 0))`,
      [organizationId],
    );
  }

  /** Whether `candidateId` is `needId` itself or one of its descendants (children, their children, ...). */
  async isSelfOrDescendant(
    organizationId: OrganizationId,
    needId: string,
    candidateId: string,
  ): Promise<boolean> {
    const [row] = await this.tenant.manager.query(
      `WITH RECURSIVE descendant (id) AS (
         SELECT $2::uuid
         UNION
         SELECT need.id FROM need JOIN descendant ON need.parent_need_id = descendant.id
          WHERE need.organization_id = $1
       )
       SELECT EXISTS (SELECT 1 FROM descendant WHERE id = $3) AS found`,
      [organizationId, needId, candidateId],
    );
    return row.found;
  }

  /**
   * Crosses organizations (system role): the organizations that have overdue NEW needs not yet
   * escalated and a default partner to escalate them to. The escalation job then runs
   * escalateOverdue in each of them (tenant.run).
   */
  async organizationsWithOverdueNeeds(): Promise<OrganizationId[]> {
    const rows: { organization_id: string }[] = await this.system.manager.query(
      `SELECT DISTINCT need.organization_id
         FROM need
        WHERE need.status = 'NEW' AND need.escalated_at IS NULL AND need.due_date < now()
          AND EXISTS (SELECT 1 FROM partner fallback
                       WHERE fallback.organization_id = need.organization_id AND fallback.is_default)`,
    );
    return rows.map((row) => brandOrganizationId(row.organization_id));
  }

  /**
   * Moves up to `batchSize` of the organization's overdue NEW needs, not yet escalated, to its
   * default partner and records an ESCALATION for each, in one statement; rows locked by a running
   * update are left for the next run. Returns how many.
   */
  async escalateOverdue(organizationId: OrganizationId, batchSize: number): Promise<number> {
    const rows: unknown[] = await this.tenant.manager.query(
      `WITH overdue AS (
         SELECT need.organization_id, need.id, need.partner_id, fallback.id AS default_partner_id
           FROM need
           JOIN partner fallback
             ON fallback.organization_id = need.organization_id AND fallback.is_default
          WHERE need.organization_id = $1
            AND need.status = 'NEW' AND need.escalated_at IS NULL AND need.due_date < now()
          ORDER BY need.due_date
          LIMIT $2
          FOR UPDATE OF need SKIP LOCKED
       ), escalated AS (
         UPDATE need SET partner_id = overdue.default_partner_id, escalated_at = now(), updated_at = now()
           FROM overdue
          WHERE need.organization_id = overdue.organization_id AND need.id = overdue.id
         RETURNING need.organization_id, need.id, overdue.partner_id AS from_partner_id, need.partner_id
       )
       INSERT INTO need_history
         (organization_id, need_id, kind, from_status, to_status, from_partner_id, to_partner_id)
       SELECT organization_id, id, 'ESCALATION', 'NEW', 'NEW', from_partner_id, partner_id FROM escalated
       RETURNING need_id`,
      [organizationId, batchSize],
    );
    return rows.length;
  }
}
