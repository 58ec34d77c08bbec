import { Injectable } from '@nestjs/common';
import { EntityManager, In, IsNull } from 'typeorm';
import {
  aliasKey,
  ConstituentSearch,
  nameKey,
  normalizeEmail,
  phoneDigits,
  streetKey,
  swappedDayMonth,
} from '@app/domain';
import { CONSTITUENT_FIELDS, ConstituentEntity, ConstituentFields } from './constituent.entity';
import { lockInIdOrder, updateReturning } from '../sql';
import { constituentSearchSql, ConstituentSearchSql } from './constituent-search.sql';
import { SHARED_WITH_PARTNERS_SQL } from '../consent/constituent-consent.repository';
import type { NeedVisibility } from '../need/need-visibility';
import { SystemDatabase } from '../tenancy/system-database';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';

/** How many existing constituents one trait of a match check brings, at most. */
const MATCH_CANDIDATE_LIMIT = 50;

export type ConstituentChanges = Partial<ConstituentFields> & { smsOptedOut?: boolean };

function keysOf(fields: ConstituentFields) {
  const name = nameKey(fields.firstName, fields.lastName);
  return {
    nameKey: name,
    aliasKey: aliasKey(name),
    phoneDigits: phoneDigits(fields.phone),
    streetKey: streetKey(fields.addressStreet),
  };
}

function fieldsOf(constituent: ConstituentFields): ConstituentFields {
  return Object.fromEntries(
    CONSTITUENT_FIELDS.map((field) => [field, constituent[field]]),
  ) as ConstituentFields;
}

/**
 * The ids a search finds, running its passes in turn until one finds rows. A pass's pg_trgm
 * threshold is set for the rest of `manager`'s transaction only, so a search with thresholds must
 * run inside one.
 */
async function searchIds(manager: EntityManager, search: ConstituentSearchSql): Promise<string[]> {
  let found: { id: string }[] = [];
  for (const { sql, parameters, threshold } of search.passes) {
    if (threshold !== null) {
      await manager.query(`SELECT set_config($1, $2, true)`, [
        `pg_trgm.${threshold.setting}`,
        String(threshold.value),
      ]);
    }
    found = await manager.query(sql, parameters);
    if (found.length > 0) break;
  }
  return found.map((row) => row.id);
}

function setsThreshold(search: ConstituentSearchSql): boolean {
  return search.passes.some((pass) => pass.threshold !== null);
}

/** An indexed predicate of a match check, its values in the places of its `?`s. */
type MatchTrait = [sql: string, ...values: string[]];

/**
 * Merged-away constituents are never returned, except by lockInOrder (a merge and its undo must see
 * them). Searches, the newest list and match candidates never return erased ones.
 *
 * Searches whose operators are not LEAKPROOF (pg_trgm similarity, citext equality) take two steps.
 * Under row-level security PostgreSQL applies the policy before such an operator, so it would scan
 * the organization's every row instead of using the index; so the ids are found as the system role
 * (SystemDatabase, the methods named `...AcrossOrganizations`), by a statement that names its
 * organization and returns ids only, and the rows are then read by id through the tenant, where
 * row-level security still stands between the caller and other organizations.
 */
@Injectable()
export class ConstituentRepository {
  constructor(
    private readonly tenant: TenantContext,
    private readonly system: SystemDatabase,
  ) {}

  findLive(
    organizationId: OrganizationId,
    constituentId: string,
  ): Promise<ConstituentEntity | null> {
    return this.tenant.manager.findOneBy(ConstituentEntity, {
      organizationId,
      id: constituentId,
      mergedIntoId: IsNull(),
    });
  }

  listHousehold(organizationId: OrganizationId, householdId: string): Promise<ConstituentEntity[]> {
    return this.tenant.manager.find(ConstituentEntity, {
      where: { organizationId, householdId, mergedIntoId: IsNull() },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /** The newest constituents first; `sharedOnly`: those consenting to SHARE_WITH_PARTNERS. */
  listRecent(
    organizationId: OrganizationId,
    limit: number,
    sharedOnly = false,
  ): Promise<ConstituentEntity[]> {
    const query = this.tenant.manager
      .createQueryBuilder(ConstituentEntity, 'c')
      .where(
        'c.organization_id = :organizationId AND c.merged_into_id IS NULL AND c.erased_at IS NULL',
        { organizationId },
      )
      .orderBy('c.created_at', 'DESC')
      .addOrderBy('c.id', 'DESC')
      .limit(limit);
    if (sharedOnly) query.andWhere(SHARED_WITH_PARTNERS_SQL);
    return query.getMany();
  }

  /**
   * The best matches first (see constituentSearchSql); a name is searched closely, then loosely if
   * need be, a reference number among the needs the visibility admits; `sharedOnly`: only those
   * consenting to SHARE_WITH_PARTNERS. The ids come from the search statement (across
   * organizations when its operators are not LEAKPROOF), the rows by id through the tenant.
   */
  async search(
    organizationId: OrganizationId,
    search: ConstituentSearch,
    limit: number,
    needs: NeedVisibility,
    sharedOnly = false,
  ): Promise<ConstituentEntity[]> {
    const statement = constituentSearchSql(organizationId, search, limit, needs, sharedOnly);
    const ids = statement.indexedSearch
      ? await this.searchIdsAcrossOrganizations(statement)
      : await this.searchIdsInOrganization(statement);
    const found = await this.tenant.manager.findBy(ConstituentEntity, {
      organizationId,
      id: In(ids),
      erasedAt: IsNull(),
    });
    const byId = new Map(found.map((constituent) => [constituent.id, constituent]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The ids a search statement finds through the tenant, under row-level security. */
  private searchIdsInOrganization(statement: ConstituentSearchSql): Promise<string[]> {
    return setsThreshold(statement)
      ? this.tenant.transaction(() => searchIds(this.tenant.manager, statement))
      : searchIds(this.tenant.manager, statement);
  }

  /**
   * Crosses organizations: the ids a search statement finds as the system role (SystemDatabase),
   * whose policies let it see every organization, so that no policy stands between PostgreSQL and
   * the trigram or citext index. The statement names its organization (constituentSearchSql's `$1`)
   * and returns ids only. Autocommit on the system role's pool, except that the passes of a name
   * search share one transaction (their similarity threshold is transaction-local).
   */
  private searchIdsAcrossOrganizations(statement: ConstituentSearchSql): Promise<string[]> {
    return setsThreshold(statement)
      ? this.system.transaction((manager) => searchIds(manager, statement))
      : searchIds(this.system.manager, statement);
  }

  insert(
    organizationId: OrganizationId,
    householdId: string,
    fields: ConstituentFields,
  ): Promise<ConstituentEntity> {
    const manager = this.tenant.manager;
    return manager.save(
      manager.create(ConstituentEntity, {
        organizationId,
        householdId,
        ...fields,
        ...keysOf(fields),
      }),
    );
  }

  /** Applies the changes to a live constituent and returns it as stored. */
  async update(
    organizationId: OrganizationId,
    current: ConstituentEntity,
    changes: ConstituentChanges,
  ): Promise<ConstituentEntity> {
    const next = { ...fieldsOf(current), ...changes };
    await this.tenant.manager.update(
      ConstituentEntity,
      { organizationId, id: current.id, mergedIntoId: IsNull() },
      { ...changes, ...keysOf(next) },
    );
    return this.tenant.manager.findOneByOrFail(ConstituentEntity, {
      organizationId,
      id: current.id,
    });
  }

  async optOut(
    organizationId: OrganizationId,
    constituentId: string,
  ): Promise<ConstituentEntity | null> {
    const result = await this.tenant.manager.update(
      ConstituentEntity,
      { organizationId, id: constituentId, mergedIntoId: IsNull() },
      { smsOptedOut: true },
    );
    return result.affected ? this.findLive(organizationId, constituentId) : null;
  }

  /**
   * Existing live constituents that share an indexed trait with the profile (phone, email, birth
   * date or the date with day and month swapped, address, ZIP with a similar name, or the same
   * name with an email that may be a mistyped one): their ids from one indexed search across
   * organizations (matchCandidateIdsAcrossOrganizations), then the rows by id through the tenant.
   */
  async findMatchCandidates(
    organizationId: OrganizationId,
    profile: ConstituentFields,
    excludeId: string | null,
  ): Promise<ConstituentEntity[]> {
    const keys = keysOf(profile);
    const email = normalizeEmail(profile.email);
    const zip = profile.addressZip;
    const traits: MatchTrait[] = [];
    if (keys.phoneDigits) traits.push(['c.phone_digits = ?', keys.phoneDigits]);
    if (email) traits.push(['c.email = ?', email]);
    if (profile.dateOfBirth) {
      traits.push(['c.date_of_birth = ?::date', profile.dateOfBirth]);
      const swapped = swappedDayMonth(profile.dateOfBirth);
      if (swapped) traits.push(['c.date_of_birth = ?::date', swapped]);
    }
    if (email && keys.aliasKey) {
      traits.push(['c.alias_key = ? AND c.email IS NOT NULL', keys.aliasKey]);
    }
    if (zip && keys.streetKey) {
      traits.push(['c.address_zip = ? AND c.street_key = ?', zip, keys.streetKey]);
    }
    if (zip && keys.nameKey)
      traits.push(['c.address_zip = ? AND c.name_key % ?', zip, keys.nameKey]);
    if (traits.length === 0) return [];
    const ids = await this.matchCandidateIdsAcrossOrganizations(organizationId, traits, excludeId);
    if (ids.length === 0) return [];
    return this.tenant.manager.findBy(ConstituentEntity, {
      organizationId,
      id: In(ids),
      mergedIntoId: IsNull(),
      erasedAt: IsNull(),
    });
  }

  /**
   * Crosses organizations: as the system role (see searchIdsAcrossOrganizations), the ids of the
   * organization's live constituents that have any of the traits. Each trait is its own bounded,
   * indexed branch of a UNION (an OR of them in one WHERE let the planner walk the organization's
   * rows under a LIMIT), so a common birth date cannot crowd out a shared phone. One autocommit
   * statement on the system role's pool: it sees committed rows only.
   */
  private async matchCandidateIdsAcrossOrganizations(
    organizationId: OrganizationId,
    traits: MatchTrait[],
    excludeId: string | null,
  ): Promise<string[]> {
    const parameters: unknown[] = [organizationId, excludeId];
    const branches = traits.map(([predicate, ...values]) => {
      let next = 0;
      const sql = predicate.replace(/\?/g, () => {
        parameters.push(values[next++]);
        return `$${parameters.length}`;
      });
      return `(SELECT c.id FROM constituent c
                WHERE c.organization_id = $1 AND c.merged_into_id IS NULL
                  AND c.id IS DISTINCT FROM $2::uuid AND ${sql}
                LIMIT ${MATCH_CANDIDATE_LIMIT})`;
    });
    const rows: { id: string }[] = await this.system.manager.query(
      branches.join(' UNION '),
      parameters,
    );
    return rows.map((row) => row.id);
  }

  /** Locks the constituents in id order (a stable order, so concurrent merges cannot deadlock on them). */
  lockInOrder(organizationId: OrganizationId, ids: string[]): Promise<ConstituentEntity[]> {
    return lockInIdOrder(this.tenant.manager, ConstituentEntity, organizationId, ids);
  }

  async markMerged(
    organizationId: OrganizationId,
    sourceId: string,
    targetId: string,
  ): Promise<void> {
    await this.tenant.manager.update(
      ConstituentEntity,
      { organizationId, id: sourceId },
      { mergedIntoId: targetId },
    );
  }

  /** Undoes markMerged: the source is live again. */
  async unmarkMerged(organizationId: OrganizationId, sourceId: string): Promise<void> {
    await this.tenant.manager.update(
      ConstituentEntity,
      { organizationId, id: sourceId },
      { mergedIntoId: null },
    );
  }

  /** Whether the constituent exists, live or merged away. */
  exists(organizationId: OrganizationId, constituentId: string): Promise<boolean> {
    return this.tenant.manager.existsBy(ConstituentEntity, { organizationId, id: constituentId });
  }

  /** Moves the live members of one household into another; returns the ids of those moved. */
  async moveHouseholdMembers(
    organizationId: OrganizationId,
    fromHouseholdId: string,
    toHouseholdId: string,
  ): Promise<string[]> {
    const moved = await updateReturning<{ id: string }>(
      this.tenant.manager,
      `UPDATE constituent SET household_id = $3, updated_at = now()
        WHERE organization_id = $1 AND household_id = $2 AND merged_into_id IS NULL
        RETURNING id`,
      [organizationId, fromHouseholdId, toHouseholdId],
    );
    return moved.map((row) => row.id);
  }

  /**
   * Undoes moveHouseholdMembers: those of the constituents that are still live members of
   * `fromHouseholdId` move to `toHouseholdId`; returns the ids of those moved.
   */
  async restoreHouseholdMembers(
    organizationId: OrganizationId,
    constituentIds: string[],
    fromHouseholdId: string,
    toHouseholdId: string,
  ): Promise<string[]> {
    if (constituentIds.length === 0) return [];
    const moved = await updateReturning<{ id: string }>(
      this.tenant.manager,
      `UPDATE constituent SET household_id = $4, updated_at = now()
        WHERE organization_id = $1 AND id = ANY ($2::uuid[]) AND household_id = $3
          AND merged_into_id IS NULL
        RETURNING id`,
      [organizationId, constituentIds, fromHouseholdId, toHouseholdId],
    );
    return moved.map((row) => row.id);
  }

  countLiveInHousehold(organizationId: OrganizationId, householdId: string): Promise<number> {
    return this.tenant.manager.countBy(ConstituentEntity, {
      organizationId,
      householdId,
      mergedIntoId: IsNull(),
    });
  }
}
