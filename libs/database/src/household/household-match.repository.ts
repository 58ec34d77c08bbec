import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import type { ContactPoint, ContactPointKey, MatchReason } from '@app/domain';
import { updateReturning } from '../sql';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';
import { HouseholdMatchEntity, HouseholdMatchStatus } from './household-match.entity';

export interface NewHouseholdMatch {
  constituentId: string;
  candidateConstituentId: string;
  householdId: string;
  candidateHouseholdId: string;
  score: number;
  reasons: MatchReason[];
  sharedReasons: ContactPoint[];
}

export interface HouseholdMatchListQuery {
  statuses: HouseholdMatchStatus[];
  limit: number;
  /** Keyset position: the page starts after this match (newest first). */
  after: { createdAt: Date; id: string } | null;
}

/** The unordered pair of a match row, as the unique index household_match_pair_key sees it. */
const PAIR =
  'least(constituent_id, candidate_constituent_id), greatest(constituent_id, candidate_constituent_id)';
const OTHER_THAN_SOURCE =
  'CASE WHEN m.constituent_id = $2 THEN m.candidate_constituent_id ELSE m.constituent_id END';
const TARGET_ALREADY_PAIRED = `EXISTS (
  SELECT 1 FROM household_match t
   WHERE t.organization_id = $1
     AND least(t.constituent_id, t.candidate_constituent_id) = least($3::uuid, ${OTHER_THAN_SOURCE})
     AND greatest(t.constituent_id, t.candidate_constituent_id) = greatest($3::uuid, ${OTHER_THAN_SOURCE}))`;
/** Puts constituent $3 in the place of constituent $2 in a match row `m`. */
const REPLACE_CONSTITUENT = `
  constituent_id = CASE WHEN m.constituent_id = $2 THEN $3 ELSE m.constituent_id END,
  candidate_constituent_id = CASE WHEN m.candidate_constituent_id = $2 THEN $3 ELSE m.candidate_constituent_id END`;
const OF_SOURCE_NOT_TARGET = `m.organization_id = $1 AND (m.constituent_id = $2 OR m.candidate_constituent_id = $2)
  AND $3 NOT IN (m.constituent_id, m.candidate_constituent_id)`;

@Injectable()
export class HouseholdMatchRepository {
  constructor(private readonly tenant: TenantContext) {}

  lockById(organizationId: OrganizationId, matchId: string): Promise<HouseholdMatchEntity | null> {
    return this.tenant.manager.findOne(HouseholdMatchEntity, {
      where: { organizationId, id: matchId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** Newest first, keyset-paginated on (createdAt, id). */
  list(
    organizationId: OrganizationId,
    page: HouseholdMatchListQuery,
  ): Promise<HouseholdMatchEntity[]> {
    const query = this.tenant.manager
      .createQueryBuilder(HouseholdMatchEntity, 'm')
      .where('m.organization_id = :organizationId', { organizationId });
    if (page.statuses.length)
      query.andWhere('m.status IN (:...statuses)', { statuses: page.statuses });
    if (page.after) {
      query.andWhere('(m.created_at, m.id) < (:createdAt, :id)', page.after);
    }
    return query
      .orderBy('m.created_at', 'DESC')
      .addOrderBy('m.id', 'DESC')
      .limit(page.limit)
      .getMany();
  }

  /**
   * Inserts PENDING matches; a pair that was ever raised (even dismissed), or that a merge joined and
   * its undo parted again, is skipped. Returns those inserted.
   */
  async insertPending(
    organizationId: OrganizationId,
    matches: NewHouseholdMatch[],
  ): Promise<HouseholdMatchEntity[]> {
    if (matches.length === 0) return [];
    const inserted: { id: string }[] = await this.tenant.manager.query(
      `INSERT INTO household_match
         (organization_id, constituent_id, candidate_constituent_id, household_id, candidate_household_id,
          score, reasons, shared_reasons)
       SELECT $1, m."constituentId", m."candidateConstituentId", m."householdId", m."candidateHouseholdId",
              m.score, m.reasons, m."sharedReasons"
         FROM jsonb_to_recordset($2::jsonb) AS m (
           "constituentId" uuid, "candidateConstituentId" uuid, "householdId" uuid,
           "candidateHouseholdId" uuid, score numeric, reasons text[], "sharedReasons" text[])
        WHERE NOT EXISTS (
          SELECT 1 FROM merge_audit undone
           WHERE undone.organization_id = $1 AND undone.undone_at IS NOT NULL
             AND least(undone.source_constituent_id, undone.target_constituent_id)
                 = least(m."constituentId", m."candidateConstituentId")
             AND greatest(undone.source_constituent_id, undone.target_constituent_id)
                 = greatest(m."constituentId", m."candidateConstituentId"))
       ON CONFLICT (organization_id, ${PAIR}) DO NOTHING
       RETURNING id`,
      [organizationId, JSON.stringify(matches)],
    );
    if (inserted.length === 0) return [];
    return this.tenant.manager.find(HouseholdMatchEntity, {
      where: { organizationId, id: In(inserted.map((row) => row.id)) },
      order: { score: 'DESC', id: 'ASC' },
    });
  }

  /**
   * Deletes the pending suggestions of the holders of shared points that rest on those points alone:
   * no name signal, and each of its contact reasons a shared point that both constituents give.
   * Such a pair may be raised again, and is then scored knowing the points are shared.
   */
  async withdrawResting(
    organizationId: OrganizationId,
    holderIds: string[],
    shared: ContactPointKey[],
  ): Promise<number> {
    if (holderIds.length === 0 || shared.length === 0) return 0;
    const of = <K extends ContactPointKey['kind']>(kind: K) =>
      shared.find((point): point is Extract<ContactPointKey, { kind: K }> => point.kind === kind);
    const phone = of('PHONE');
    const email = of('EMAIL');
    const address = of('ADDRESS');
    const withdrawn = await updateReturning<{ id: string }>(
      this.tenant.manager,
      `DELETE FROM household_match m USING constituent a, constituent b
        WHERE m.organization_id = $1 AND m.status = 'PENDING'
          AND (m.constituent_id = ANY ($2::uuid[]) OR m.candidate_constituent_id = ANY ($2::uuid[]))
          AND a.organization_id = $1 AND a.id = m.constituent_id
          AND b.organization_id = $1 AND b.id = m.candidate_constituent_id
          AND NOT m.reasons && ARRAY['NAME_DOB', 'NAME_ADDRESS']
          AND ('PHONE' <> ALL (m.reasons) OR (a.phone_digits = $3 AND b.phone_digits = $3))
          AND ('EMAIL' <> ALL (m.reasons) OR (a.email = $4 AND b.email = $4))
          AND ('ADDRESS' <> ALL (m.reasons)
               OR (a.address_zip = $5 AND a.street_key = $6 AND b.address_zip = $5 AND b.street_key = $6))
        RETURNING m.id`,
      [
        organizationId,
        holderIds,
        phone?.phoneDigits ?? null,
        email?.email ?? null,
        address?.zip ?? null,
        address?.streetKey ?? null,
      ],
    );
    return withdrawn.length;
  }

  async resolve(
    organizationId: OrganizationId,
    matchId: string,
    status: HouseholdMatchStatus,
    resolvedBy: string,
  ): Promise<HouseholdMatchEntity> {
    await this.tenant.manager.update(
      HouseholdMatchEntity,
      { organizationId, id: matchId },
      { status, resolvedBy, resolvedAt: () => 'now()' },
    );
    return this.tenant.manager.findOneByOrFail(HouseholdMatchEntity, {
      organizationId,
      id: matchId,
    });
  }

  /** Resolves the pair's match, if it has a pending one (a manual merge settles its suggestion). */
  async resolvePendingPair(
    organizationId: OrganizationId,
    pair: [string, string],
    status: HouseholdMatchStatus,
    resolvedBy: string,
  ): Promise<void> {
    await this.tenant.manager.query(
      `UPDATE household_match SET status = $4, resolved_by = $5, resolved_at = now()
        WHERE organization_id = $1 AND status = 'PENDING' AND (${PAIR}) = (least($2::uuid, $3::uuid), greatest($2::uuid, $3::uuid))`,
      [organizationId, ...pair, status, resolvedBy],
    );
  }

  /**
   * Dismisses the pair's match if a constituent merge resolved it (the merge's undo: the two are
   * different people after all).
   */
  async dismissMergedPair(
    organizationId: OrganizationId,
    pair: [string, string],
    resolvedBy: string,
  ): Promise<void> {
    await this.tenant.manager.query(
      `UPDATE household_match SET status = 'DISMISSED', resolved_by = $4, resolved_at = now()
        WHERE organization_id = $1 AND status = 'MERGED_CONSTITUENT'
          AND (${PAIR}) = (least($2::uuid, $3::uuid), greatest($2::uuid, $3::uuid))`,
      [organizationId, ...pair, resolvedBy],
    );
  }

  /**
   * Moves the source's matches with others to the target. Where the target already has a match with
   * that other constituent, the source's pending duplicate is deleted and a resolved one stays with
   * the source as history. Returns the ids of the matches moved.
   */
  async moveConstituent(
    organizationId: OrganizationId,
    sourceId: string,
    targetId: string,
  ): Promise<string[]> {
    const parameters = [organizationId, sourceId, targetId];
    await this.tenant.manager.query(
      `DELETE FROM household_match m
        WHERE ${OF_SOURCE_NOT_TARGET} AND m.status = 'PENDING' AND ${TARGET_ALREADY_PAIRED}`,
      parameters,
    );
    const moved = await updateReturning<{ id: string }>(
      this.tenant.manager,
      `UPDATE household_match m SET ${REPLACE_CONSTITUENT}
        WHERE ${OF_SOURCE_NOT_TARGET} AND NOT ${TARGET_ALREADY_PAIRED}
        RETURNING m.id`,
      parameters,
    );
    return moved.map((row) => row.id);
  }

  /** Undoes moveConstituent: the matches it moved that still name the target name the source again. */
  async restoreConstituent(
    organizationId: OrganizationId,
    matchIds: string[],
    sourceId: string,
    targetId: string,
  ): Promise<void> {
    if (matchIds.length === 0) return;
    // $2 is replaced by $3 (as in moveConstituent): here the target by the source.
    await this.tenant.manager.query(
      `UPDATE household_match m SET ${REPLACE_CONSTITUENT}
        WHERE m.organization_id = $1 AND m.id = ANY ($4::uuid[])
          AND $2 IN (m.constituent_id, m.candidate_constituent_id)`,
      [organizationId, targetId, sourceId, matchIds],
    );
  }

  /** Sets the household ids of the constituents' matches to their current households. */
  async refreshHouseholds(organizationId: OrganizationId, constituentIds: string[]): Promise<void> {
    await this.tenant.manager.query(
      `UPDATE household_match m
          SET household_id = a.household_id, candidate_household_id = b.household_id
         FROM constituent a, constituent b
        WHERE m.organization_id = $1
          AND (m.constituent_id = ANY ($2::uuid[]) OR m.candidate_constituent_id = ANY ($2::uuid[]))
          AND a.organization_id = $1 AND a.id = m.constituent_id
          AND b.organization_id = $1 AND b.id = m.candidate_constituent_id
          AND (m.household_id, m.candidate_household_id) IS DISTINCT FROM (a.household_id, b.household_id)`,
      [organizationId, constituentIds],
    );
  }
}
