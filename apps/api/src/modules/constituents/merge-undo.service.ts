import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@app/auth';
import {
  type OrganizationId,
  type TenantTransaction,
  AuditLog,
  CONSTITUENT_FIELDS,
  ConstituentEntity,
  ConstituentFields,
  ConstituentLinksRepository,
  ConstituentRepository,
  HouseholdMatchRepository,
  HouseholdRepository,
  MergeAuditEntity,
  MergeAuditRepository,
  MergeSummary,
  MovedIds,
} from '@app/database';
import { DomainError } from '@app/http';
import { ConstituentMergeService } from './constituent-merge.service';
import { ConstituentRecords } from './constituent-records';
import { MergeUndoResponseDto, toMergeResponse } from './merge-history.dto';

interface UndoneMerge {
  merge: MergeSummary;
  source: ConstituentEntity;
  target: ConstituentEntity;
}

/** What an undo puts back: the rows the merge moved, and the target's fields it overrode. */
interface UndoPlan {
  moved: MovedIds;
  fields: (keyof ConstituentFields)[];
}

/** 409 merge-undo-conflict, naming the fields that stand in the way (if any). */
function undoConflict(detail: string, fields: string[] = []): DomainError {
  return new DomainError('merge-undo-conflict', detail, {
    errors: fields.map((field) => ({ field, message: `${field} has changed since the merge` })),
  });
}

/**
 * What undoing the merge puts back, given the target as it is now; 409 merge-undo-conflict when the
 * target has since been merged away or erased, or one of its overridden fields has changed since.
 */
function planUndo(merge: MergeAuditEntity, target: ConstituentEntity): UndoPlan {
  if (!merge.movedIds) throw undoConflict('This merge was recorded before merges could be undone');
  if (target.mergedIntoId) {
    throw undoConflict(
      'The target has since been merged into another constituent: undo that merge first',
    );
  }
  if (target.erasedAt) throw undoConflict('The target has since been erased');
  const fields = CONSTITUENT_FIELDS.filter((field) => merge.overridden[field] !== undefined);
  const changed = fields.filter((field) => target[field] !== merge.overridden[field]?.after);
  if (changed.length > 0) {
    throw undoConflict(`The target's ${changed.join(', ')} changed since the merge`, changed);
  }
  return { moved: merge.movedIds, fields };
}

/**
 * Undoes a constituent merge in one transaction: the source is live again, what the merge moved
 * goes back, the target's overridden fields get their earlier values back, and the pair is never
 * suggested again; the access audit log records it. Locks: the merge record, then the two
 * constituents and their households in the merge's order (see ConstituentMergeService).
 */
@Injectable()
export class MergeUndoService {
  constructor(
    private readonly merges: ConstituentMergeService,
    private readonly constituents: ConstituentRepository,
    private readonly households: HouseholdRepository,
    private readonly matches: HouseholdMatchRepository,
    private readonly links: ConstituentLinksRepository,
    private readonly mergeRecords: MergeAuditRepository,
    private readonly constituentRecords: ConstituentRecords,
    private readonly auditLog: AuditLog,
  ) {}

  async undo(auth: AuthContext, mergeId: string): Promise<MergeUndoResponseDto> {
    const undone = await this.merges.transaction((tx) =>
      this.undoLocked(auth.organizationId, tx, mergeId, auth.memberId),
    );
    const [source, target] = await this.constituentRecords.many(auth, [
      undone.source,
      undone.target,
    ]);
    return { merge: toMergeResponse(undone.merge), source, target };
  }

  private async undoLocked(
    organizationId: OrganizationId,
    tx: TenantTransaction,
    mergeId: string,
    undoneBy: string,
  ): Promise<UndoneMerge> {
    const merge = await this.mergeRecords.lockConstituentMerge(organizationId, tx, mergeId);
    if (!merge) throw DomainError.notFound('Merge');
    if (merge.undoneAt) {
      throw new DomainError('merge-already-undone', 'This merge has already been undone');
    }
    const [source, target] = await this.lockPair(organizationId, merge);
    const plan = planUndo(merge, target);
    await this.constituents.unmarkMerged(organizationId, source.id);
    const members = await this.putBackMoved(organizationId, merge, plan.moved);
    const restored =
      plan.fields.length > 0
        ? await this.constituents.update(
            organizationId,
            target,
            Object.fromEntries(
              plan.fields.map((field) => [field, merge.overridden[field]?.before ?? null]),
            ),
          )
        : target;
    await this.matches.dismissMergedPair(organizationId, [source.id, target.id], undoneBy);
    await this.matches.refreshHouseholds(organizationId, [source.id, target.id, ...members]);
    const undone = await this.mergeRecords.markUndone(organizationId, merge.id, undoneBy);
    await this.auditLog.record(tx, {
      action: 'constituent.merge_undo',
      subjectType: 'merge',
      subjectId: merge.id,
      details: {
        sourceConstituentId: source.id,
        targetConstituentId: target.id,
        restoredFields: plan.fields,
      },
    });
    return { merge: undone, source: { ...source, mergedIntoId: null }, target: restored };
  }

  /**
   * Puts the rows the merge moved back where they were, those that are still where it put them:
   * the source's household is live again with its members, and the source's rows name it again.
   * Returns the members moved back.
   */
  private async putBackMoved(
    organizationId: OrganizationId,
    merge: MergeAuditEntity,
    moved: MovedIds,
  ): Promise<string[]> {
    const { sourceConstituentId, targetConstituentId, sourceHouseholdId, targetHouseholdId } =
      merge;
    await this.households.unmarkMerged(organizationId, sourceHouseholdId);
    const members = await this.constituents.restoreHouseholdMembers(
      organizationId,
      moved.householdMembers ?? [],
      targetHouseholdId,
      sourceHouseholdId,
    );
    await this.links.restoreHousehold(organizationId, moved, sourceHouseholdId, targetHouseholdId);
    await this.links.restoreConstituent(
      organizationId,
      moved,
      { id: sourceConstituentId, householdId: sourceHouseholdId },
      targetConstituentId,
    );
    await this.matches.restoreConstituent(
      organizationId,
      moved.matches ?? [],
      sourceConstituentId,
      targetConstituentId,
    );
    return members;
  }

  /** Locks the merge's two constituents, then their households, in id order (as a merge does). */
  private async lockPair(
    organizationId: OrganizationId,
    merge: MergeAuditEntity,
  ): Promise<[ConstituentEntity, ConstituentEntity]> {
    const locked = await this.constituents.lockInOrder(organizationId, [
      merge.sourceConstituentId,
      merge.targetConstituentId,
    ]);
    await this.households.lockInOrder(organizationId, [
      ...new Set([merge.sourceHouseholdId, merge.targetHouseholdId]),
    ]);
    const byId = (id: string) => locked.find((constituent) => constituent.id === id);
    const source = byId(merge.sourceConstituentId);
    const target = byId(merge.targetConstituentId);
    if (!source || !target) throw DomainError.notFound('Constituent');
    return [source, target];
  }
}
