import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import type { VolunteerShiftEntity } from '@app/database';
import { IsDateTime, Omittable } from '@app/http';

export const DEFAULT_SHIFT_LIST_LIMIT = 100;

export class CreateShiftDto {
  @ApiProperty({ format: 'uuid', description: 'An active member of the organization' })
  @IsUUID()
  volunteer_user_id: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: "Defaults to the caller's own partner (none for an org admin)",
  })
  @IsOptional()
  @IsUUID()
  partner_id?: string | null;

  @ApiProperty({ format: 'date-time' }) @IsDateTime() start_time: string;

  @ApiProperty({ format: 'date-time', description: 'After start_time, at most 24 hours later' })
  @IsDateTime()
  end_time: string;
}

export class UpdateShiftDto {
  @ApiPropertyOptional({ format: 'date-time' }) @Omittable() @IsDateTime() start_time?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @Omittable() @IsDateTime() end_time?: string;
}

export class ListShiftsQueryDto {
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() volunteer_user_id?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() partner_id?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Shifts ending after this instant' })
  @IsOptional()
  @IsDateTime()
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Shifts starting before this instant' })
  @IsOptional()
  @IsDateTime()
  to?: string;

  @ApiPropertyOptional({
    type: 'integer',
    format: 'int32',
    minimum: 1,
    maximum: 500,
    default: DEFAULT_SHIFT_LIST_LIMIT,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit?: number;
}

export class ShiftResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) organization_id: string;
  @ApiProperty({ format: 'uuid' }) volunteer_user_id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) partner_id: string | null;
  @ApiProperty({ format: 'date-time' }) start_time: string;
  @ApiProperty({ format: 'date-time' }) end_time: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export function toShiftResponse(shift: VolunteerShiftEntity): ShiftResponseDto {
  return {
    id: shift.id,
    organization_id: shift.organizationId,
    volunteer_user_id: shift.volunteerUserId,
    partner_id: shift.partnerId,
    start_time: shift.startTime.toISOString(),
    end_time: shift.endTime.toISOString(),
    created_at: shift.createdAt.toISOString(),
    updated_at: shift.updatedAt.toISOString(),
  };
}
