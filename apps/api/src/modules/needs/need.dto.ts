import { ApiProperty } from '@nestjs/swagger';
import { NEED_OUTCOMES, NEED_STATUSES, type NeedOutcome, type NeedStatus } from '@assist/contracts';
import type { ListedNeed, NeedEntity, NeedHistoryEntity } from '@app/database';
import { NEED_HISTORY_KINDS } from '@app/database';
import { isOverdue } from '@app/domain';

export class NeedResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) organizationId: string;
  @ApiProperty({ format: 'uuid' }) partnerId: string;
  @ApiProperty({ enum: NEED_STATUSES }) status: NeedStatus;
  @ApiProperty() description: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'Partner-specific intake data',
  })
  customFields: Record<string, unknown>;
  @ApiProperty() isConfidential: boolean;
  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'Parent of a multi-step request',
  })
  parentNeedId: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) assignedTo: string | null;
  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'Null for public intake',
  })
  createdBy: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: "When the partner's first response is due (its open hours; paused while ON_HOLD)",
  })
  dueDate: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) constituentId: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) householdId: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Set when likely duplicate constituents exist',
  })
  duplicateWarning: string | null;
  @ApiProperty({ example: 'ABCD-7K3M9Q' }) referenceNumber: string;
  @ApiProperty({ enum: NEED_OUTCOMES, nullable: true, type: String }) outcome: NeedOutcome | null;
  @ApiProperty({ nullable: true, type: String }) reason: string | null;
  @ApiProperty({ description: "The partner's response target in hours" }) slaHours: number;
  @ApiProperty({ description: 'NEW and past its due date' }) isOverdue: boolean;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) resolvedAt: string | null;
}

export function toNeedResponse(need: NeedEntity, now = new Date()): NeedResponseDto {
  return toListedNeedResponse(
    {
      ...need,
      createdAt: need.createdAt.toISOString(),
      updatedAt: need.updatedAt.toISOString(),
      dueDate: need.dueDate?.toISOString() ?? null,
      resolvedAt: need.resolvedAt?.toISOString() ?? null,
    },
    now,
  );
}

/**
 * A need as the API answers it, from a row whose timestamps PostgreSQL already wrote as ISO 8601
 * text (the list's hot path: no Date per timestamp); toNeedResponse formats an entity's first.
 */
export function toListedNeedResponse(need: ListedNeed, now: Date): NeedResponseDto {
  return {
    id: need.id,
    organizationId: need.organizationId,
    partnerId: need.partnerId,
    status: need.status,
    description: need.description,
    customFields: need.customFields,
    isConfidential: need.isConfidential,
    parentNeedId: need.parentNeedId,
    assignedTo: need.assignedTo,
    createdBy: need.createdBy,
    createdAt: need.createdAt,
    updatedAt: need.updatedAt,
    dueDate: need.dueDate,
    constituentId: need.constituentId,
    householdId: need.householdId,
    duplicateWarning: need.duplicateWarning,
    referenceNumber: need.referenceNumber,
    outcome: need.outcome,
    reason: need.reason,
    slaHours: need.slaHours,
    isOverdue:
      need.status === 'NEW' &&
      isOverdue(need.status, need.dueDate === null ? null : new Date(need.dueDate), now),
    resolvedAt: need.resolvedAt,
  };
}

export class PublicNeedCreatedDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'ABCD-7K3M9Q', description: 'Public tracking code' })
  referenceNumber: string;
  @ApiProperty({ format: 'uuid', description: 'Token for the optional demographic survey' })
  surveyToken: string;
  @ApiProperty({
    example: 'https://app.example.org/survey/0b7f…',
    description: 'Full URL of the public survey',
  })
  surveyLink: string;
  @ApiProperty({ description: 'Target response window of the matched partner, in hours' })
  slaHours: number;
}

/**
 * The tracking data and nothing else: an anonymous caller must not learn whether the contact it
 * sent resembles a known person (staff see the duplicate warning on the need).
 */
export function toPublicNeedCreated(need: NeedEntity, publicAppUrl: string): PublicNeedCreatedDto {
  return {
    id: need.id,
    referenceNumber: need.referenceNumber,
    surveyToken: need.surveyToken,
    surveyLink: `${publicAppUrl}/survey/${need.surveyToken}`,
    slaHours: need.slaHours,
  };
}

export class NeedHistoryEntryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: NEED_HISTORY_KINDS }) kind: string;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'Null for the system' })
  actorId: string | null;
  @ApiProperty({ enum: NEED_STATUSES, nullable: true, type: String }) fromStatus: string | null;
  @ApiProperty({ enum: NEED_STATUSES, nullable: true, type: String }) toStatus: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) fromPartnerId: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) toPartnerId: string | null;
  @ApiProperty({ nullable: true, type: String }) reason: string | null;
  @ApiProperty({ enum: NEED_OUTCOMES, nullable: true, type: String }) outcome: string | null;
}

export function toNeedHistoryEntry(entry: NeedHistoryEntity): NeedHistoryEntryDto {
  return {
    id: entry.id,
    kind: entry.kind,
    at: entry.at.toISOString(),
    actorId: entry.actorId,
    fromStatus: entry.fromStatus,
    toStatus: entry.toStatus,
    fromPartnerId: entry.fromPartnerId,
    toPartnerId: entry.toPartnerId,
    reason: entry.reason,
    outcome: entry.outcome,
  };
}
