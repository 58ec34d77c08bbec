import { Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import {
  type OrganizationId,
  type TenantTransaction,
  AuditLog,
  CONSTITUENT_FIELDS,
  ConstituentChanges,
  ConstituentEntity,
  ConstituentLinksRepository,
  ConstituentRepository,
  HouseholdMatchRepository,
  HouseholdRepository,
  MergeAuditRepository,
  MergeKind,
  MovedIds,
  OverriddenFields,
  TenantContext,
} from '@app/database';
import { DomainError } from '@app/http';

export interface ConstituentMergeRequest {
  sourceId: string;
  targetId: string;
  /** Also move the source's whole household into the target's. */
  mergeHouseholds: boolean;
  /** Win over the target's values; null clears. */
  fieldOverrides: ConstituentChanges;
  mergedBy: string;
  /** The household match this merge resolves, if any. */
  matchId: string | null;
}

export interface HouseholdMergeRequest {
  /** The constituent whose household moves. */
  sourceId: string;
  /** The constituent whose household receives it. */
  targetId: string;
  mergedBy: string;
  matchId: string | null;
}

/** What a merge did, for its record: the pair as it was before, what moved, what it overrode. */
interface MergeRecord {
  kind: MergeKind;
  source: ConstituentEntity;
  target: ConstituentEntity;
  moved: MovedIds;
  overridden: OverriddenFields;
}

/** Lost a race with a concurrent merge: deadlock, serialization failure, or a pair raised meanwhile. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const { code, constraint } = error as QueryFailedError & { code?: string; constraint?: string };
  return (
    code === '40P01' ||
    code === '40001' ||
    (code === '23505' && constraint === 'household_match_pair_key')
  );
}

const MAX_ATTEMPTS = 3;

/** The target's fields the merge changed, with their values before and after. */
function overriddenFields(
  before: ConstituentEntity,
  after: ConstituentEntity,
  overrides: ConstituentChanges,
): OverriddenFields {
  return Object.fromEntries(
    CONSTITUENT_FIELDS.filter((field) => field in overrides && before[field] !== after[field]).map(
      (field) => [field, { before: before[field], after: after[field] }],
    ),
  );
}

/**
 * Merges, each inside the caller's transaction. Locks: the two constituents in id
 * order, then their households in id order; a merge that loses a race is retried by transaction().
 */
@Injectable()
export class ConstituentMergeService {
  constructor(
    private readonly tenant: TenantContext,
    private readonly constituents: ConstituentRepository,
    private readonly households: HouseholdRepository,
    private readonly matches: HouseholdMatchRepository,
    private readonly links: ConstituentLinksRepository,
    private readonly audits: MergeAuditRepository,
    private readonly auditLog: AuditLog,
  ) {}

  /**
   * One transaction for a merge use case, retried (from the start) when it lost a race. Inside an
   * open transaction it is a savepoint, so a retry rolls back only the merge's own work.
   */
  async transaction<T>(work: (tx: TenantTransaction) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.tenant.transaction(work);
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !isTransient(error)) throw error;
      }
    }
  }

  /**
   * The source's needs, interactions and matches move to the target, overrides win, the source is
   * merged away. Its household follows when asked, or when the source was its last member. The
   * merge record keeps the ids of what moved and the target's overridden values, for an undo.
   */
  async mergeConstituents(
    organizationId: OrganizationId,
    request: ConstituentMergeRequest,
  ): Promise<ConstituentEntity> {
    if (request.sourceId === request.targetId) {
      throw DomainError.invalid(
        'targetConstituentId',
        'targetConstituentId must differ from sourceConstituentId',
      );
    }
    const [source, target] = await this.lockPair(
      organizationId,
      request.sourceId,
      request.targetId,
    );
    const merged = await this.constituents.update(organizationId, target, {
      ...request.fieldOverrides,
      ...(source.smsOptedOut ? { smsOptedOut: true } : {}),
    });
    const moved = await this.links.moveConstituent(organizationId, source.id, merged);
    await this.matches.resolvePendingPair(
      organizationId,
      [source.id, target.id],
      'MERGED_CONSTITUENT',
      request.mergedBy,
    );
    moved.matches = await this.matches.moveConstituent(organizationId, source.id, target.id);
    await this.constituents.markMerged(organizationId, source.id, target.id);
    const leftEmpty =
      (await this.constituents.countLiveInHousehold(organizationId, source.householdId)) === 0;
    if (source.householdId !== target.householdId && (request.mergeHouseholds || leftEmpty)) {
      Object.assign(
        moved,
        await this.moveHousehold(organizationId, source.householdId, target.householdId),
      );
    }
    await this.matches.refreshHouseholds(organizationId, [target.id]);
    await this.audit(organizationId, request, {
      kind: 'MERGE_CONSTITUENT',
      source,
      target,
      moved,
      overridden: overriddenFields(target, merged, request.fieldOverrides),
    });
    return merged;
  }

  /** Every live member of the source's household moves into the target's household. */
  async mergeHouseholds(
    organizationId: OrganizationId,
    request: HouseholdMergeRequest,
  ): Promise<void> {
    const [source, target] = await this.lockPair(
      organizationId,
      request.sourceId,
      request.targetId,
    );
    const moved =
      source.householdId === target.householdId
        ? {}
        : await this.moveHousehold(organizationId, source.householdId, target.householdId);
    await this.audit(organizationId, request, {
      kind: 'MERGE_HOUSEHOLD',
      source,
      target,
      moved,
      overridden: {},
    });
  }

  private async lockPair(
    organizationId: OrganizationId,
    sourceId: string,
    targetId: string,
  ): Promise<[ConstituentEntity, ConstituentEntity]> {
    const locked = await this.constituents.lockInOrder(organizationId, [sourceId, targetId]);
    const live = (id: string) =>
      locked.find((constituent) => constituent.id === id && !constituent.mergedIntoId);
    const source = live(sourceId);
    const target = live(targetId);
    if (!source || !target) throw DomainError.notFound('Constituent');
    await this.households.lockInOrder(organizationId, [
      ...new Set([source.householdId, target.householdId]),
    ]);
    return [source, target];
  }

  private async moveHousehold(
    organizationId: OrganizationId,
    sourceHouseholdId: string,
    targetHouseholdId: string,
  ): Promise<MovedIds> {
    const members = await this.constituents.moveHouseholdMembers(
      organizationId,
      sourceHouseholdId,
      targetHouseholdId,
    );
    const moved = await this.links.moveHousehold(
      organizationId,
      sourceHouseholdId,
      targetHouseholdId,
    );
    await this.households.markMerged(organizationId, sourceHouseholdId, targetHouseholdId);
    await this.matches.refreshHouseholds(organizationId, members);
    return { ...moved, householdMembers: members };
  }

  /** The merge record, then its access audit entry (constituent.merge, on the target). */
  private async audit(
    organizationId: OrganizationId,
    request: { mergedBy: string; matchId: string | null },
    { kind, source, target, moved, overridden }: MergeRecord,
  ): Promise<void> {
    await this.audits.insert(organizationId, {
      kind,
      sourceConstituentId: source.id,
      targetConstituentId: target.id,
      sourceHouseholdId: source.householdId,
      targetHouseholdId: target.householdId,
      householdMatchId: request.matchId,
      sourceBefore: source,
      targetBefore: target,
      movedIds: moved,
      overridden,
      mergedBy: request.mergedBy,
    });
    // A savepoint of the caller's transaction: the entry commits with the merge.
    await this.tenant.transaction((tx) =>
      this.auditLog.record(tx, {
        action: 'constituent.merge',
        subjectType: 'constituent',
        subjectId: target.id,
        details: { kind, sourceConstituentId: source.id, householdMatchId: request.matchId },
      }),
    );
  }
}
