import { ApiProperty } from '@nestjs/swagger';
import type { NeedStatus } from '@assist/contracts';
import { Transform } from 'class-transformer';
import { IsString, IsUUID, Matches } from 'class-validator';
import type { NeedPublicStatus } from '@app/database';
import { REFERENCE_NUMBER_PATTERN } from '@app/domain';

export const PUBLIC_NEED_STATUSES = [
  'RECEIVED',
  'IN_PROGRESS',
  'WAITING_ON_YOU',
  'RESOLVED',
  'CLOSED',
] as const;
export type PublicNeedStatus = (typeof PUBLIC_NEED_STATUSES)[number];

/** What a person is told of each status (a declined need still open elsewhere is NEW again). */
const PUBLIC_STATUS: Record<NeedStatus, PublicNeedStatus> = {
  NEW: 'RECEIVED',
  ACCEPTED: 'IN_PROGRESS',
  IN_PROGRESS: 'IN_PROGRESS',
  ON_HOLD: 'WAITING_ON_YOU',
  RESOLVED: 'RESOLVED',
  DECLINED: 'CLOSED',
  CANCELLED: 'CLOSED',
};

export class PublicStatusQueryDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  organizationId: string;

  @ApiProperty({
    example: 'ABCD-7K3M9Q',
    pattern: REFERENCE_NUMBER_PATTERN.source,
    maxLength: 13,
    description: 'The reference number given at intake (read in upper case)',
  })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.toUpperCase() : value,
  )
  @IsString()
  @Matches(REFERENCE_NUMBER_PATTERN, {
    message: 'referenceNumber must be a reference number such as ABCD-7K3M9Q',
  })
  referenceNumber: string;
}

export class PublicStatusDto {
  @ApiProperty({ example: 'ABCD-7K3M9Q' }) referenceNumber: string;
  @ApiProperty({
    enum: PUBLIC_NEED_STATUSES,
    description:
      'RECEIVED (waiting for a partner, also after a transfer), IN_PROGRESS, WAITING_ON_YOU, ' +
      'RESOLVED, or CLOSED (declined or cancelled)',
  })
  status: PublicNeedStatus;
  @ApiProperty({
    nullable: true,
    type: String,
    description: "The partner's public category name; null for a confidential request",
  })
  category: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export function toPublicStatus(need: NeedPublicStatus): PublicStatusDto {
  return {
    referenceNumber: need.referenceNumber,
    status: PUBLIC_STATUS[need.status],
    category: need.isConfidential ? null : need.publicCategoryName,
    createdAt: need.createdAt.toISOString(),
    updatedAt: need.updatedAt.toISOString(),
  };
}
