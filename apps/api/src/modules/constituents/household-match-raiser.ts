import { Injectable } from '@nestjs/common';
import { isSuggested, scoreMatch } from '@app/domain';
import {
  type OrganizationId,
  ConstituentEntity,
  ConstituentRepository,
  HouseholdMatchEntity,
  HouseholdMatchRepository,
  NewHouseholdMatch,
} from '@app/database';
import { SharedContactPoints } from './shared-contact-points';

/** Scores a constituent against its candidates and raises PENDING household matches for review. */
@Injectable()
export class HouseholdMatchRaiser {
  constructor(
    private readonly constituents: ConstituentRepository,
    private readonly matches: HouseholdMatchRepository,
    private readonly sharedPoints: SharedContactPoints,
  ) {}

  /** After an update: one candidate query, then scoring. Returns the matches newly raised. */
  async raiseFor(
    organizationId: OrganizationId,
    constituent: ConstituentEntity,
  ): Promise<HouseholdMatchEntity[]> {
    const candidates = await this.constituents.findMatchCandidates(
      organizationId,
      constituent,
      constituent.id,
    );
    return this.raise(organizationId, constituent, candidates);
  }

  /**
   * Pairs raised before (pending, resolved or dismissed) are never raised again. The constituent's
   * shared contact points (a shelter's address) are reported in a match's reasons but weigh nothing.
   */
  async raise(
    organizationId: OrganizationId,
    constituent: ConstituentEntity,
    candidates: ConstituentEntity[],
  ): Promise<HouseholdMatchEntity[]> {
    const shared = await this.sharedPoints.sharedPointsOf(organizationId, constituent);
    const suggestions = candidates.flatMap((candidate): NewHouseholdMatch[] => {
      const match = scoreMatch(constituent, candidate, shared);
      if (!isSuggested(match, candidate.householdId === constituent.householdId)) return [];
      return [
        {
          constituentId: constituent.id,
          candidateConstituentId: candidate.id,
          householdId: constituent.householdId,
          candidateHouseholdId: candidate.householdId,
          ...match,
        },
      ];
    });
    return this.matches.insertPending(organizationId, suggestions);
  }
}
