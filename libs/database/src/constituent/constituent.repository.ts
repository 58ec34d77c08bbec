import { Injectable } from '@nestjs/common';
import { Brackets, EntityManager, In, IsNull } from 'typeorm';
import {
  aliasKey,
  ConstituentSearch,
  nameKey,
  normalizeEmail,
  phoneDigits,
  streetKey,
} from '@app/domain';
import { CONSTITUENT_FIELDS, ConstituentEntity, ConstituentFields } from './constituent.entity';
import { lockInIdOrder, updateReturning } from '../sql';
import { constituentSearchSql } from './constituent-search.sql';
import { Database } from '../tenancy/database';

/** How many existing constituents one match check looks at, at most. */
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

/** Merged-away constituents are never returned, except by lockInOrder (a merge must see them). */
@Injectable()
export class ConstituentRepository {
  constructor(private readonly db: Database) {}

  findLive(
    organizationId: string,
    constituentId: string,
    manager: EntityManager = this.db.manager,
  ): Promise<ConstituentEntity | null> {
    return manager.findOneBy(ConstituentEntity, {
      organizationId,
      id: constituentId,
      mergedIntoId: IsNull(),
    });
  }

  listHousehold(organizationId: string, householdId: string): Promise<ConstituentEntity[]> {
    return this.db.manager.find(ConstituentEntity, {
      where: { organizationId, householdId, mergedIntoId: IsNull() },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /** The newest constituents first. */
  listRecent(organizationId: string, limit: number): Promise<ConstituentEntity[]> {
    return this.db.manager.find(ConstituentEntity, {
      where: { organizationId, mergedIntoId: IsNull() },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
  }

  /** The best matches first (see constituentSearchSql); a name is searched closely, then loosely if need be. */
  async search(
    organizationId: string,
    search: ConstituentSearch,
    limit: number,
  ): Promise<ConstituentEntity[]> {
    const { sql, parameters, thresholds, indexedSearch } = constituentSearchSql(
      organizationId,
      search,
      limit,
    );
    const findIds = async (manager: EntityManager) => {
      let found: { id: string }[] = [];
      for (const threshold of thresholds) {
        if (threshold !== null) {
          await manager.query(`SELECT set_config('pg_trgm.similarity_threshold', $1, true)`, [
            String(threshold),
          ]);
        }
        found = await manager.query(sql, parameters);
        if (found.length > 0) break;
      }
      return found;
    };
    const hits = await (indexedSearch ? this.db.indexedSearch(findIds) : findIds(this.db.manager));
    const found = await this.db.manager.findBy(ConstituentEntity, {
      organizationId,
      id: In(hits.map((hit) => hit.id)),
    });
    const byId = new Map(found.map((constituent) => [constituent.id, constituent]));
    return hits.flatMap((hit) => byId.get(hit.id) ?? []);
  }

  insert(
    manager: EntityManager,
    organizationId: string,
    householdId: string,
    fields: ConstituentFields,
  ): Promise<ConstituentEntity> {
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
    manager: EntityManager,
    organizationId: string,
    current: ConstituentEntity,
    changes: ConstituentChanges,
  ): Promise<ConstituentEntity> {
    const next = { ...fieldsOf(current), ...changes };
    await manager.update(
      ConstituentEntity,
      { organizationId, id: current.id, mergedIntoId: IsNull() },
      { ...changes, ...keysOf(next) },
    );
    return manager.findOneByOrFail(ConstituentEntity, { organizationId, id: current.id });
  }

  async optOut(organizationId: string, constituentId: string): Promise<ConstituentEntity | null> {
    const result = await this.db.manager.update(
      ConstituentEntity,
      { organizationId, id: constituentId, mergedIntoId: IsNull() },
      { smsOptedOut: true },
    );
    return result.affected ? this.findLive(organizationId, constituentId) : null;
  }

  /**
   * Existing live constituents that share an indexed trait with the profile (phone, email, birth
   * date, address, or ZIP with a similar name): one indexed search for their ids (OR of indexed
   * predicates, bounded), then the rows through `manager`.
   */
  async findMatchCandidates(
    manager: EntityManager,
    organizationId: string,
    profile: ConstituentFields,
    excludeId: string | null,
  ): Promise<ConstituentEntity[]> {
    const keys = keysOf(profile);
    const email = normalizeEmail(profile.email);
    const zip = profile.addressZip;
    const traits: [sql: string, values: Record<string, string>][] = [];
    if (keys.phoneDigits)
      traits.push(['c.phone_digits = :phoneDigits', { phoneDigits: keys.phoneDigits }]);
    if (email) traits.push(['c.email = :email', { email }]);
    if (profile.dateOfBirth)
      traits.push(['c.date_of_birth = :birthDate', { birthDate: profile.dateOfBirth }]);
    if (zip && keys.streetKey) {
      traits.push([
        'c.address_zip = :zip AND c.street_key = :streetKey',
        { zip, streetKey: keys.streetKey },
      ]);
    }
    if (zip && keys.nameKey) {
      traits.push([
        'c.address_zip = :zip AND c.name_key % :nameKey',
        { zip, nameKey: keys.nameKey },
      ]);
    }
    if (traits.length === 0) return [];
    const ids = await this.db.indexedSearch(async (search) => {
      const query = search
        .createQueryBuilder(ConstituentEntity, 'c')
        .select('c.id', 'id')
        .where('c.organization_id = :organizationId AND c.merged_into_id IS NULL', {
          organizationId,
        })
        .andWhere(
          new Brackets((any) => traits.forEach(([sql, values]) => any.orWhere(sql, values))),
        );
      if (excludeId) query.andWhere('c.id <> :excludeId', { excludeId });
      const rows = await query.limit(MATCH_CANDIDATE_LIMIT).getRawMany<{ id: string }>();
      return rows.map((row) => row.id);
    });
    if (ids.length === 0) return [];
    return manager.findBy(ConstituentEntity, {
      organizationId,
      id: In(ids),
      mergedIntoId: IsNull(),
    });
  }

  /** Locks the constituents in id order (a stable order, so concurrent merges cannot deadlock on them). */
  lockInOrder(
    manager: EntityManager,
    organizationId: string,
    ids: string[],
  ): Promise<ConstituentEntity[]> {
    return lockInIdOrder(manager, ConstituentEntity, organizationId, ids);
  }

  async markMerged(
    manager: EntityManager,
    organizationId: string,
    sourceId: string,
    targetId: string,
  ): Promise<void> {
    await manager.update(
      ConstituentEntity,
      { organizationId, id: sourceId },
      { mergedIntoId: targetId },
    );
  }

  /** Moves the live members of one household into another; returns the ids of those moved. */
  async moveHouseholdMembers(
    manager: EntityManager,
    organizationId: string,
    fromHouseholdId: string,
    toHouseholdId: string,
  ): Promise<string[]> {
    const moved = await updateReturning<{ id: string }>(
      manager,
      `UPDATE constituent SET household_id = $3, updated_at = now()
        WHERE organization_id = $1 AND household_id = $2 AND merged_into_id IS NULL
        RETURNING id`,
      [organizationId, fromHouseholdId, toHouseholdId],
    );
    return moved.map((row) => row.id);
  }

  countLiveInHousehold(
    manager: EntityManager,
    organizationId: string,
    householdId: string,
  ): Promise<number> {
    return manager.countBy(ConstituentEntity, {
      organizationId,
      householdId,
      mergedIntoId: IsNull(),
    });
  }
}
