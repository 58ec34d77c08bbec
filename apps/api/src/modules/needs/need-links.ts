import { Injectable } from '@nestjs/common';
import {
  type OrganizationId,
  ConstituentRepository,
  HouseholdRepository,
  NeedRepository,
  NeedVisibility,
  NewNeed,
} from '@app/database';
import { DomainError } from '@app/http';
import { ConstituentIntakeService } from '../constituents';
import type { CreateNeedDto } from './need-create.dto';

export type NeedLinks = Pick<
  NewNeed,
  'constituentId' | 'householdId' | 'parentNeedId' | 'duplicateWarning'
>;

function invalidReference(field: string): DomainError {
  return DomainError.invalid(field, `${field} does not name a record of this organization`);
}

/** What a new need points at: its parent need, and a constituent and household (or a contact). */
@Injectable()
export class NeedLinker {
  constructor(
    private readonly needs: NeedRepository,
    private readonly constituents: ConstituentRepository,
    private readonly households: HouseholdRepository,
    private readonly constituentIntake: ConstituentIntakeService,
  ) {}

  /** The parent, constituent and household the need names, each of the organization (else 400). */
  async resolve(
    organizationId: OrganizationId,
    input: CreateNeedDto,
    visibility: NeedVisibility,
  ): Promise<NeedLinks> {
    const parentNeedId = input.parentNeedId ?? null;
    if (parentNeedId && !(await this.needs.findVisible(organizationId, parentNeedId, visibility))) {
      throw invalidReference('parentNeedId');
    }
    if (input.contact) {
      if (input.constituentId || input.householdId) {
        throw DomainError.invalid(
          'contact',
          'contact cannot be combined with constituentId or householdId',
        );
      }
      return {
        parentNeedId,
        ...(await this.constituentIntake.intake(organizationId, input.contact)),
      };
    }
    const constituent = input.constituentId
      ? await this.constituents.findLive(organizationId, input.constituentId)
      : null;
    if (input.constituentId && !constituent) throw invalidReference('constituentId');
    if (input.householdId && !(await this.households.findLive(organizationId, input.householdId))) {
      throw invalidReference('householdId');
    }
    if (constituent && input.householdId && input.householdId !== constituent.householdId) {
      throw DomainError.invalid('householdId', "householdId must be the constituent's household");
    }
    return {
      parentNeedId,
      constituentId: constituent?.id ?? null,
      householdId: input.householdId ?? constituent?.householdId ?? null,
      duplicateWarning: null,
    };
  }
}
