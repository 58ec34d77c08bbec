import { Injectable } from '@nestjs/common';
import type { KeysetCursor } from '@app/http';
import { updateReturning } from '../sql';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';
import type { TenantTransaction } from '../tenancy/tenant-transaction';
import type { MovedIds } from '../constituent/constituent-links.repository';
import { MergeAuditEntity } from './merge-audit.entity';

export type NewMergeAudit = Omit<
  MergeAuditEntity,
  'id' | 'organizationId' | 'createdAt' | 'moved' | 'movedIds' | 'undoneBy' | 'undoneAt'
> & { movedIds: MovedIds };

/** A constituent merge as its history lists it: ids, times and field names, no personal data. */
export interface MergeSummary {
  id: string;
  sourceConstituentId: string;
  targetConstituentId: string;
  mergedBy: string;
  mergedAt: Date;
  overriddenFields: string[];
  undoneBy: string | null;
  undoneAt: Date | null;
}

export interface MergeSummaryPage {
  merges: MergeSummary[];
  next: KeysetCursor | null;
}

const SUMMARY = `a.id, a.source_constituent_id AS "sourceConstituentId",
  a.target_constituent_id AS "targetConstituentId", a.merged_by AS "mergedBy",
  a.created_at AS "mergedAt", ARRAY(SELECT jsonb_object_keys(a.overridden)) AS "overriddenFields",
  a.undone_by AS "undoneBy", a.undone_at AS "undoneAt"`;

/** The merge records (merge_audit) of constituents and households. */
@Injectable()
export class MergeAuditRepository {
  constructor(private readonly tenant: TenantContext) {}

  async insert(organizationId: OrganizationId, audit: NewMergeAudit): Promise<void> {
    const moved = Object.fromEntries(
      Object.entries(audit.movedIds).map(([kind, ids]) => [kind, ids.length]),
    );
    await this.tenant.manager.insert(MergeAuditEntity, { organizationId, ...audit, moved });
  }

  /**
   * The constituent merges the constituent took part in, as source or target, newest first,
   * keyset-paged on (created_at, id) through the source and target indexes.
   */
  async listOfConstituent(
    organizationId: OrganizationId,
    constituentId: string,
    limit: number,
    after?: KeysetCursor,
  ): Promise<MergeSummaryPage> {
    const parameters: unknown[] = [organizationId, constituentId, limit + 1];
    let position = '';
    if (after) {
      parameters.push(after.createdAtMicros, after.id);
      position = `AND (a.created_at, a.id) <
        ('epoch'::timestamptz + $4::bigint * interval '1 microsecond', $5::uuid)`;
    }
    const rows: (MergeSummary & { cursorMicros: string })[] = await this.tenant.manager.query(
      `SELECT ${SUMMARY}, (extract(epoch FROM a.created_at) * 1000000)::bigint::text AS "cursorMicros"
         FROM merge_audit a
        WHERE a.organization_id = $1 AND a.kind = 'MERGE_CONSTITUENT'
          AND (a.source_constituent_id = $2 OR a.target_constituent_id = $2) ${position}
        ORDER BY a.created_at DESC, a.id DESC LIMIT $3`,
      parameters,
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      merges: page.map(({ cursorMicros: _cursor, ...merge }) => merge),
      next: rows.length > limit ? { createdAtMicros: last.cursorMicros, id: last.id } : null,
    };
  }

  /**
   * A constituent merge, locked until the open transaction ends: a concurrent undo of it waits,
   * then sees it undone.
   */
  lockConstituentMerge(
    organizationId: OrganizationId,
    tx: TenantTransaction,
    mergeId: string,
  ): Promise<MergeAuditEntity | null> {
    return tx.manager.findOne(MergeAuditEntity, {
      where: { organizationId, id: mergeId, kind: 'MERGE_CONSTITUENT' },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** Records the merge's undo; returns it as its history lists it. */
  async markUndone(
    organizationId: OrganizationId,
    mergeId: string,
    undoneBy: string,
  ): Promise<MergeSummary> {
    const [summary] = await updateReturning<MergeSummary>(
      this.tenant.manager,
      `UPDATE merge_audit a SET undone_by = $3, undone_at = now()
        WHERE a.organization_id = $1 AND a.id = $2
        RETURNING ${SUMMARY}`,
      [organizationId, mergeId, undoneBy],
    );
    return summary;
  }
}
