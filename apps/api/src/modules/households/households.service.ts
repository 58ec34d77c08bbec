import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@app/auth';
import { ConstituentRepository, HouseholdRepository } from '@app/database';
import { DomainError } from '@app/http';
import { ConstituentRecords } from '../constituents';
import type { HouseholdResponseDto } from './household.dto';

@Injectable()
export class HouseholdsService {
  constructor(
    private readonly households: HouseholdRepository,
    private readonly constituents: ConstituentRepository,
    private readonly records: ConstituentRecords,
  ) {}

  /**
   * A household merged into another no longer exists (404), like a merged-away constituent. Logs
   * each member returned with personal fields (constituent.read).
   */
  async get(auth: AuthContext, id: string): Promise<HouseholdResponseDto> {
    const household = await this.households.findLive(auth.organizationId, id);
    if (!household) throw DomainError.notFound('Household');
    const members = await this.constituents.listHousehold(auth.organizationId, household.id);
    return { id: household.id, members: await this.records.read(auth, members) };
  }
}
