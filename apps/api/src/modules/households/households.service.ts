import { Injectable } from '@nestjs/common';
import { Permission } from '@assist/contracts';
import { AuthContext, can } from '@app/auth';
import { ConstituentRepository, HouseholdRepository } from '@app/database';
import { DomainError } from '@app/http';
import { toConstituentResponse } from '../constituents';
import type { HouseholdResponseDto } from './household.dto';

@Injectable()
export class HouseholdsService {
  constructor(
    private readonly households: HouseholdRepository,
    private readonly constituents: ConstituentRepository,
  ) {}

  /** A household merged into another no longer exists (404), like a merged-away constituent. */
  async get(auth: AuthContext, id: string): Promise<HouseholdResponseDto> {
    const household = await this.households.findLive(auth.organizationId, id);
    if (!household) throw DomainError.notFound('Household');
    const members = await this.constituents.listHousehold(auth.organizationId, household.id);
    const canReadPii = can(auth, Permission.PiiRead);
    return {
      id: household.id,
      members: members.map((member) => toConstituentResponse(member, canReadPii)),
    };
  }
}
