import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';

/** Why a member erases a constituent; RETENTION is the system's own reason (retention runs). */
export const ERASURE_REASONS = ['REQUEST', 'LEGAL', 'DUPLICATE_RECORD', 'OTHER'] as const;
export type ErasureReason = (typeof ERASURE_REASONS)[number] | 'RETENTION';

export class EraseConstituentDto {
  @ApiProperty({ enum: ERASURE_REASONS, description: 'Why the constituent is erased' })
  @IsIn(ERASURE_REASONS)
  reason: (typeof ERASURE_REASONS)[number];
}
