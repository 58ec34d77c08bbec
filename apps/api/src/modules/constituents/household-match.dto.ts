import { ApiProperty } from '@nestjs/swagger';
import { CONTACT_POINTS, MATCH_REASONS, matchKind } from '@app/domain';
import type { ContactPoint, MatchKind, MatchReason } from '@app/domain';
import { HOUSEHOLD_MATCH_STATUSES } from '@app/database';
import type { HouseholdMatchEntity, HouseholdMatchStatus } from '@app/database';

export class HouseholdMatchResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({
    format: 'uuid',
    description: 'The constituent whose create or update raised the match',
  })
  constituentId: string;
  @ApiProperty({ format: 'uuid', description: 'The existing constituent it resembles' })
  candidateConstituentId: string;
  @ApiProperty({ format: 'uuid' }) householdId: string;
  @ApiProperty({ format: 'uuid' }) candidateHouseholdId: string;
  @ApiProperty({ minimum: 0, maximum: 1, example: 0.9 }) score: number;
  @ApiProperty({
    enum: MATCH_REASONS,
    isArray: true,
    description:
      'Every signal found for the pair. PHONE, EMAIL, ADDRESS: the same contact point (an email ' +
      'may differ by a typo); NAME_DOB: alike names (nicknames, initials) and birth dates (a ' +
      'swapped day and month counts with a close name); NAME_ADDRESS: alike names at one address',
  })
  reasons: MatchReason[];
  @ApiProperty({
    enum: CONTACT_POINTS,
    isArray: true,
    description:
      'The reasons that are shared contact points (an address, phone or email given by many ' +
      'unrelated people, such as a shelter, detected or marked under /api/shared-contacts): ' +
      'reported, but no evidence, so they add nothing to the score',
  })
  sharedReasons: ContactPoint[];
  @ApiProperty({
    enum: ['PERSON', 'HOUSEHOLD'],
    description:
      'PERSON: likely one person (a name signal, NAME_DOB or NAME_ADDRESS, fired); HOUSEHOLD: ' +
      'likely two people of one household (only contact points are shared). Two people whose ' +
      'first names differ as twins’ or a Jr and Sr do are never PERSON',
  })
  kind: MatchKind;
  @ApiProperty({ enum: HOUSEHOLD_MATCH_STATUSES }) status: HouseholdMatchStatus;
  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'The member who resolved it',
  })
  resolvedBy: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) resolvedAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export function toHouseholdMatchResponse(match: HouseholdMatchEntity): HouseholdMatchResponseDto {
  return {
    id: match.id,
    constituentId: match.constituentId,
    candidateConstituentId: match.candidateConstituentId,
    householdId: match.householdId,
    candidateHouseholdId: match.candidateHouseholdId,
    score: Number(match.score),
    reasons: match.reasons,
    sharedReasons: match.sharedReasons,
    kind: matchKind(match.reasons),
    status: match.status,
    resolvedBy: match.resolvedBy,
    resolvedAt: match.resolvedAt?.toISOString() ?? null,
    createdAt: match.createdAt.toISOString(),
  };
}
