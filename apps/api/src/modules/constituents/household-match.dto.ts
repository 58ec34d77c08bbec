import { ApiProperty } from '@nestjs/swagger';
import { MATCH_REASONS } from '@app/domain';
import type { MatchReason } from '@app/domain';
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
  @ApiProperty({ enum: MATCH_REASONS, isArray: true }) reasons: MatchReason[];
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
    status: match.status,
    resolvedBy: match.resolvedBy,
    resolvedAt: match.resolvedAt?.toISOString() ?? null,
    createdAt: match.createdAt.toISOString(),
  };
}
