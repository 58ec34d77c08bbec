import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@app/auth';
import {
  HouseholdMatchEntity,
  HouseholdMatchRepository,
  HouseholdMatchStatus,
} from '@app/database';
import { DomainError } from '@app/http';
import {
  ConstituentMergeService,
  HouseholdMatchResponseDto,
  sentFields,
  toHouseholdMatchResponse,
} from '../constituents';
import {
  DEFAULT_MATCH_PAGE,
  ListHouseholdMatchesQueryDto,
  ResolveHouseholdMatchDto,
} from './household-matches.dto';
import { decodeMatchCursor, encodeMatchCursor } from './match-cursor';

export interface HouseholdMatchPage {
  matches: HouseholdMatchResponseDto[];
  /** The cursor of the next page; null on the last one. */
  nextCursor: string | null;
}

function assertResolvable(body: ResolveHouseholdMatchDto): void {
  if (body.fieldOverrides && body.action !== 'MERGE_CONSTITUENT') {
    throw DomainError.invalid('fieldOverrides', 'fieldOverrides apply to MERGE_CONSTITUENT only');
  }
  if (body.targetConstituentId && body.action === 'DISMISS') {
    throw DomainError.invalid('targetConstituentId', 'a dismissal has no targetConstituentId');
  }
}

@Injectable()
export class HouseholdMatchesService {
  constructor(
    private readonly matches: HouseholdMatchRepository,
    private readonly merges: ConstituentMergeService,
  ) {}

  async list(auth: AuthContext, query: ListHouseholdMatchesQueryDto): Promise<HouseholdMatchPage> {
    const limit = query.limit ?? DEFAULT_MATCH_PAGE;
    const rows = await this.matches.list(auth.organizationId, {
      statuses: query.status ?? [],
      limit: limit + 1,
      after: query.cursor ? decodeMatchCursor(query.cursor) : null,
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      matches: page.map(toHouseholdMatchResponse),
      nextCursor: rows.length > limit ? encodeMatchCursor(last) : null,
    };
  }

  /** Resolves a PENDING match (else 409) and returns it as updated; merges run in the same transaction. */
  async resolve(
    auth: AuthContext,
    id: string,
    body: ResolveHouseholdMatchDto,
  ): Promise<HouseholdMatchResponseDto> {
    assertResolvable(body);
    const resolved = await this.merges.transaction(async () => {
      const match = await this.matches.lockById(auth.organizationId, id);
      if (!match) throw DomainError.notFound('Household match');
      if (match.status !== 'PENDING') {
        throw new DomainError(
          'match-already-resolved',
          `The household match is already ${match.status}`,
        );
      }
      return this.apply(auth, match, body);
    });
    return toHouseholdMatchResponse(resolved);
  }

  /** Merges first, then marks the match resolved and returns it as it then stands. */
  private async apply(
    auth: AuthContext,
    match: HouseholdMatchEntity,
    body: ResolveHouseholdMatchDto,
  ): Promise<HouseholdMatchEntity> {
    const organizationId = auth.organizationId;
    const resolve = (status: HouseholdMatchStatus) =>
      this.matches.resolve(organizationId, match.id, status, auth.memberId);
    if (body.action === 'DISMISS') return resolve('DISMISSED');
    const pair = [match.constituentId, match.candidateConstituentId];
    const targetId = body.targetConstituentId ?? match.candidateConstituentId;
    const sourceId = pair.find((constituentId) => constituentId !== targetId);
    if (!pair.includes(targetId) || !sourceId) {
      throw DomainError.invalid(
        'targetConstituentId',
        'targetConstituentId must be one of the constituents of the match',
      );
    }
    const request = { sourceId, targetId, mergedBy: auth.memberId, matchId: match.id };
    if (body.action === 'MERGE_HOUSEHOLD') {
      await this.merges.mergeHouseholds(organizationId, request);
      return resolve('MERGED_HOUSEHOLD');
    }
    const fieldOverrides = body.fieldOverrides ? sentFields(body.fieldOverrides) : {};
    await this.merges.mergeConstituents(organizationId, {
      ...request,
      mergeHouseholds: false,
      fieldOverrides,
    });
    return resolve('MERGED_CONSTITUENT');
  }
}
