import { Injectable } from '@nestjs/common';
import type { NeedStatus } from '@assist/contracts';
import { assertMayChangeNeedFields, AuthContext, needVisibility } from '@app/auth';
import {
  MemberRepository,
  NeedHistoryRepository,
  NeedRepository,
  NeedVisibility,
  PartnerEntity,
  PartnerRepository,
  TenantContext,
} from '@app/database';
import { canMove, canReroute, moveDetailProblem, pauseSla, resumeSla } from '@app/domain';
import { DomainError } from '@app/http';
import { NeedChangeSet } from './need-change-set';
import { firstResponseDue, NeedRouter, partnerSchedule } from './need-routing';
import { NeedResponseDto, toNeedResponse } from './need.dto';
import type { UpdateNeedDto } from './need-update.dto';

function invalidTransition(detail: string): DomainError {
  return new DomainError('invalid-status-transition', detail);
}

/** PATCH /api/needs/{id}: the referral lifecycle, assignment, transfer and SLA (docs/NEED-LIFECYCLE.md). */
@Injectable()
export class NeedUpdateService {
  constructor(
    private readonly tenant: TenantContext,
    private readonly needs: NeedRepository,
    private readonly history: NeedHistoryRepository,
    private readonly partners: PartnerRepository,
    private readonly members: MemberRepository,
    private readonly router: NeedRouter,
  ) {}

  /** Applies a transfer, then a status move, then an assignment, then the plain fields, in one transaction. */
  async update(auth: AuthContext, needId: string, input: UpdateNeedDto): Promise<NeedResponseDto> {
    const fields = Object.entries(input).flatMap(([field, value]) =>
      value === undefined ? [] : [field],
    );
    assertMayChangeNeedFields(auth, fields);
    if (input.status === undefined && (input.reason !== undefined || input.outcome !== undefined)) {
      const field = input.reason === undefined ? 'outcome' : 'reason';
      throw DomainError.invalid(field, `${field} is accepted only with status`);
    }
    const visibility = needVisibility(auth);
    const need = await this.tenant.transaction(async () => {
      const current = await this.needs.findVisible(auth.organizationId, needId, visibility, {
        lock: true,
      });
      if (!current) throw DomainError.notFound('Need');
      const change = new NeedChangeSet(auth.organizationId, current, auth.memberId, new Date());
      if (input.partnerId !== undefined && input.partnerId !== current.partnerId) {
        await this.transfer(change, input.partnerId);
      }
      if (input.status !== undefined && input.status !== change.need.status) {
        await this.moveStatus(change, input.status, input);
      }
      if (input.assignedTo !== undefined && input.assignedTo !== change.need.assignedTo) {
        await this.assign(change, input.assignedTo);
      }
      if (input.parentNeedId !== undefined && input.parentNeedId !== current.parentNeedId) {
        await this.relink(change, input.parentNeedId, visibility);
      }
      if (input.dueDate !== undefined) await this.setDueDate(change, input.dueDate);
      if (input.customFields !== undefined) change.set({ customFields: input.customFields });
      if (input.isConfidential !== undefined) change.set({ isConfidential: input.isConfidential });
      if (change.isEmpty) return current;
      await this.needs.update(auth.organizationId, needId, change.changes);
      await this.history.record(auth.organizationId, change.history);
      return this.needs.get(auth.organizationId, needId);
    });
    return toNeedResponse(need);
  }

  private async transfer(change: NeedChangeSet, partnerId: string): Promise<void> {
    const partner = await this.router.activePartner(change.organizationId, partnerId);
    if (!canReroute(change.need.status)) {
      throw invalidTransition(
        `A need in status ${change.need.status} cannot be transferred; reopen it first`,
      );
    }
    this.reroute(change, partner, null);
  }

  private async moveStatus(
    change: NeedChangeSet,
    to: NeedStatus,
    details: Pick<UpdateNeedDto, 'reason' | 'outcome'>,
  ): Promise<void> {
    const { need, now } = change;
    if (!canMove(need.status, to))
      throw invalidTransition(`A need in status ${need.status} cannot move to ${to}`);
    const problem = moveDetailProblem(to, details);
    if (problem) throw DomainError.invalid(problem.field, problem.message);
    const clock =
      to === 'ON_HOLD'
        ? pauseSla(need.dueDate, now, await this.scheduleOf(change))
        : need.status === 'ON_HOLD'
          ? resumeSla(need, now, await this.scheduleOf(change))
          : {};
    change.move(
      'STATUS',
      {
        status: to,
        reason: details.reason ?? null,
        outcome: details.outcome ?? null,
        resolvedAt: to === 'RESOLVED' ? now : null,
        ...clock,
      },
      { reason: details.reason ?? null, outcome: details.outcome ?? null },
    );
    if (to === 'DECLINED') {
      const fallback = await this.partners.findDefault(change.organizationId);
      if (fallback && fallback.id !== need.partnerId)
        this.reroute(change, fallback, details.reason ?? null);
    }
  }

  /** The need starts over at the partner: NEW, unassigned, with that partner's SLA from now. */
  private reroute(change: NeedChangeSet, partner: PartnerEntity, reason: string | null): void {
    change.move(
      'REROUTE',
      {
        partnerId: partner.id,
        status: 'NEW',
        assignedTo: null,
        slaHours: partner.slaHours,
        dueDate: firstResponseDue(partner, change.now),
        slaPausedAt: null,
        slaRemainingSeconds: null,
        outcome: null,
        resolvedAt: null,
      },
      { reason, outcome: null },
    );
  }

  private async assign(change: NeedChangeSet, memberId: string | null): Promise<void> {
    const { need } = change;
    if (memberId !== null) {
      const member = await this.members.findById(change.organizationId, memberId);
      if (!member?.isActive || (member.partnerId !== null && member.partnerId !== need.partnerId)) {
        throw DomainError.invalid(
          'assignedTo',
          "assignedTo must be an active member of the need's partner or of the organization",
        );
      }
    }
    const status = need.status === 'NEW' && memberId !== null ? 'ACCEPTED' : need.status;
    change.move('ASSIGNMENT', { assignedTo: memberId, status }, { reason: null, outcome: null });
  }

  private async relink(
    change: NeedChangeSet,
    parentId: string | null,
    visibility: NeedVisibility,
  ): Promise<void> {
    const { organizationId } = change;
    const { id } = change.need;
    if (parentId !== null) {
      await this.needs.lockParentLinks(organizationId);
      if (!(await this.needs.findVisible(organizationId, parentId, visibility))) {
        throw DomainError.invalid(
          'parentNeedId',
          'parentNeedId does not name a need of this organization',
        );
      }
      if (await this.needs.isSelfOrDescendant(organizationId, id, parentId)) {
        throw DomainError.invalid(
          'parentNeedId',
          'parentNeedId cannot be the need itself or one of its descendants',
        );
      }
    }
    change.set({ parentNeedId: parentId });
  }

  /** An explicit due date; while ON_HOLD it becomes the target the paused clock resumes towards. */
  private async setDueDate(change: NeedChangeSet, value: string | null): Promise<void> {
    const dueDate = value === null ? null : new Date(value);
    const { need } = change;
    change.set(
      need.slaPausedAt
        ? pauseSla(dueDate, need.slaPausedAt, await this.scheduleOf(change))
        : { dueDate },
    );
  }

  private async scheduleOf(change: NeedChangeSet) {
    const partner = await this.partners.findById(change.organizationId, change.need.partnerId);
    return partner && partnerSchedule(partner);
  }
}
