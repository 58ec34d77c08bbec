import { Injectable } from '@nestjs/common';
import { Permission } from '@assist/contracts';
import { AuthContext, can, needVisibility } from '@app/auth';
import { ConstituentEntity, ConstituentRepository, TenantContext } from '@app/database';
import { ConstituentSearch, parseConstituentSearch } from '@app/domain';
import { DomainError } from '@app/http';
import {
  ConstituentResponseDto,
  CreateConstituentDto,
  CreatedConstituentResponseDto,
  DEFAULT_SEARCH_LIMIT,
  SearchConstituentsQueryDto,
  toConstituentResponse,
} from './constituent.dto';
import { ConstituentMergeService } from './constituent-merge.service';
import { ConstituentIntakeService } from './constituent-intake.service';
import { ContactDto, sentFields } from './contact.dto';
import { HouseholdMatchRaiser } from './household-match-raiser';
import { toHouseholdMatchResponse } from './household-match.dto';
import type { MergeConstituentsDto } from './merge.dto';

/**
 * Searching by name, phone or email tells whether a person is known: pii_reader only. Others who
 * list constituents may search by a need's reference number (among the needs they may see).
 */
function assertMaySearch(auth: AuthContext, search: ConstituentSearch | null): void {
  if (search?.kind !== 'reference' && !can(auth, Permission.PiiRead)) {
    throw DomainError.forbidden(
      'Searching by name, phone or email needs the pii_reader profile; search by a need reference number',
    );
  }
}

@Injectable()
export class ConstituentsService {
  constructor(
    private readonly tenant: TenantContext,
    private readonly constituents: ConstituentRepository,
    private readonly intake: ConstituentIntakeService,
    private readonly raiser: HouseholdMatchRaiser,
    private readonly merges: ConstituentMergeService,
  ) {}

  async create(
    auth: AuthContext,
    body: CreateConstituentDto,
  ): Promise<CreatedConstituentResponseDto> {
    const { constituent, matches } = await this.tenant.transaction(() =>
      this.intake.create(auth.organizationId, body, body.householdId ?? null),
    );
    return {
      ...this.toResponse(auth, constituent),
      matches: matches.map(toHouseholdMatchResponse),
    };
  }

  async get(auth: AuthContext, id: string): Promise<ConstituentResponseDto> {
    const constituent = await this.constituents.findLive(auth.organizationId, id);
    if (!constituent) throw DomainError.notFound('Constituent');
    return this.toResponse(auth, constituent);
  }

  async search(
    auth: AuthContext,
    query: SearchConstituentsQueryDto,
  ): Promise<ConstituentResponseDto[]> {
    const limit = query.limit ?? DEFAULT_SEARCH_LIMIT;
    if (query.query === undefined) {
      const newest = await this.constituents.listRecent(auth.organizationId, limit);
      return newest.map((constituent) => this.toResponse(auth, constituent));
    }
    const search = parseConstituentSearch(query.query);
    assertMaySearch(auth, search);
    // Nothing searchable (empty, white space, only punctuation, %, _, \) matches nobody.
    if (!search) return [];
    const found = await this.constituents.search(
      auth.organizationId,
      search,
      limit,
      needVisibility(auth),
    );
    return found.map((constituent) => this.toResponse(auth, constituent));
  }

  /** Partial: omitted fields stay, null clears. Raises matches the new values suggest. */
  async update(auth: AuthContext, id: string, body: ContactDto): Promise<ConstituentResponseDto> {
    const updated = await this.tenant.transaction(async () => {
      const [current] = await this.constituents.lockInOrder(auth.organizationId, [id]);
      if (!current || current.mergedIntoId) throw DomainError.notFound('Constituent');
      const constituent = await this.constituents.update(
        auth.organizationId,
        current,
        sentFields(body),
      );
      await this.raiser.raiseFor(auth.organizationId, constituent);
      return constituent;
    });
    return this.toResponse(auth, updated);
  }

  async optOut(auth: AuthContext, id: string): Promise<ConstituentResponseDto> {
    const constituent = await this.constituents.optOut(auth.organizationId, id);
    if (!constituent) throw DomainError.notFound('Constituent');
    return this.toResponse(auth, constituent);
  }

  async merge(auth: AuthContext, body: MergeConstituentsDto): Promise<ConstituentResponseDto> {
    const target = await this.merges.transaction(() =>
      this.merges.mergeConstituents(auth.organizationId, {
        sourceId: body.sourceConstituentId,
        targetId: body.targetConstituentId,
        mergeHouseholds: body.mergeHouseholds ?? false,
        fieldOverrides: body.fieldOverrides ? sentFields(body.fieldOverrides) : {},
        mergedBy: auth.memberId,
        matchId: null,
      }),
    );
    return this.toResponse(auth, target);
  }

  private toResponse(auth: AuthContext, constituent: ConstituentEntity): ConstituentResponseDto {
    return toConstituentResponse(constituent, can(auth, Permission.PiiRead));
  }
}
