import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  DECLINE_REASONS,
  NEED_OUTCOMES,
  NEED_STATUSES,
  type NeedOutcome,
  type NeedStatus,
} from '@assist/contracts';
import { IsBoolean, IsIn, IsObject, IsOptional, IsString, IsUUID, Length } from 'class-validator';
import { IsDateTime, Omittable } from '@app/http';

/** Partial: an omitted field is unchanged, null clears a nullable one. */
export class UpdateNeedDto {
  @ApiPropertyOptional({
    enum: NEED_STATUSES,
    description:
      'NEW→ACCEPTED|IN_PROGRESS|DECLINED|CANCELLED; ACCEPTED→IN_PROGRESS|ON_HOLD|RESOLVED|CANCELLED; ' +
      'IN_PROGRESS→ON_HOLD|RESOLVED|CANCELLED; ON_HOLD→IN_PROGRESS|RESOLVED|CANCELLED; RESOLVED→IN_PROGRESS. ' +
      'Anything else is 409; the current status is a no-op. DECLINED re-routes the need to the default ' +
      'partner as NEW unless it is already there.',
  })
  @Omittable()
  @IsIn(NEED_STATUSES)
  status?: NeedStatus;

  @ApiPropertyOptional({
    type: String,
    maxLength: 500,
    description: `With status: required for DECLINED (${DECLINE_REASONS.join(', ')}) and CANCELLED (free text)`,
  })
  @Omittable()
  @IsString()
  @Length(1, 500)
  reason?: string;

  @ApiPropertyOptional({
    enum: NEED_OUTCOMES,
    description: 'Required with status RESOLVED, refused otherwise',
  })
  @Omittable()
  @IsIn(NEED_OUTCOMES)
  outcome?: NeedOutcome;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description:
      "An active member of the need's partner or of the organization; assigning a NEW need accepts it",
  })
  @IsOptional()
  @IsUUID()
  assignedTo?: string | null;

  @ApiPropertyOptional({
    format: 'uuid',
    description:
      'Transfer to another active partner: the need becomes NEW there, unassigned, with its SLA',
  })
  @Omittable()
  @IsUUID()
  partnerId?: string;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true })
  @IsOptional()
  @IsDateTime()
  dueDate?: string | null;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Replaces the custom fields',
  })
  @Omittable()
  @IsObject()
  customFields?: Record<string, unknown>;

  @ApiPropertyOptional()
  @Omittable()
  @IsBoolean()
  isConfidential?: boolean;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'Another need of the organization that is not this one or one of its descendants',
  })
  @IsOptional()
  @IsUUID()
  parentNeedId?: string | null;
}
