import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_TYPES,
  AUDIT_SUBJECT_TYPES,
  type AuditAction,
  type AuditActorType,
  type AuditSubjectType,
} from '@assist/contracts';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsIn, IsOptional, IsUUID } from 'class-validator';
import type { AuditDetails } from '@app/database';
import { IsDateTime, KeysetPageQueryDto } from '@app/http';

const toArray = ({ value }: { value: unknown }) => (Array.isArray(value) ? value : [value]);

/** Sequences and counts of entries: whole numbers JavaScript holds exactly. */
const SEQUENCE = {
  type: 'integer',
  format: 'int64',
  minimum: 0,
  maximum: Number.MAX_SAFE_INTEGER,
} as const;

/**
 * An access audit entry. `hash` chains it to the entry before: the lowercase hex SHA-256 of the
 * previous entry's hash (64 zeros before sequence 1), a newline, and the canonical JSON of every
 * other field of this object (keys sorted at every depth, no whitespace).
 */
export class AuditEventResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ ...SEQUENCE, minimum: 1, description: 'From 1 per organization, no gaps' })
  sequence: number;
  @ApiProperty({ format: 'date-time', description: 'ISO 8601 with milliseconds and Z' })
  at: string;
  @ApiProperty({ enum: AUDIT_ACTOR_TYPES }) actorType: AuditActorType;
  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'The member (MEMBER); null for SYSTEM and PUBLIC',
  })
  actorId: string | null;
  @ApiProperty({ enum: AUDIT_ACTIONS }) action: AuditAction;
  @ApiProperty({ enum: AUDIT_SUBJECT_TYPES }) subjectType: AuditSubjectType;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) subjectId: string | null;
  @ApiProperty({ nullable: true, type: String, description: "The request's X-Request-Id" })
  requestId: string | null;
  @ApiProperty({ nullable: true, type: String, description: "The caller's address" })
  clientIp: string | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'Ids, enumerated codes, field names and counts; never personal data or free text',
  })
  details: AuditDetails;
  @ApiProperty({ pattern: '^[0-9a-f]{64}$' }) hash: string;
}

/** GET /api/audit-events: filters (each optional, bounds inclusive), newest first, keyset pages. */
export class ListAuditEventsQueryDto extends KeysetPageQueryDto {
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() actorId?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() subjectId?: string;

  @ApiPropertyOptional({
    enum: AUDIT_ACTIONS,
    isArray: true,
    maxItems: AUDIT_ACTIONS.length,
    description: 'Repeat for several',
  })
  @IsOptional()
  @Transform(toArray)
  @ArrayMaxSize(AUDIT_ACTIONS.length)
  @IsIn(AUDIT_ACTIONS, { each: true })
  action?: AuditAction[];

  @ApiPropertyOptional({ format: 'date-time', description: 'At or after (inclusive)' })
  @IsOptional()
  @IsDateTime()
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'At or before (inclusive)' })
  @IsOptional()
  @IsDateTime()
  to?: string;
}

/** The outcome of recomputing an organization's whole chain. */
export class AuditChainVerificationDto {
  @ApiProperty({ description: 'Every entry is present and carries the hash the recipe gives' })
  verified: boolean;
  @ApiProperty({ ...SEQUENCE, description: 'Entries read' }) entries: number;
  @ApiProperty({ ...SEQUENCE, description: 'The last entry read; 0 when none' })
  lastSequence: number;
  @ApiProperty({
    pattern: '^[0-9a-f]{64}$',
    description: "The last entry's hash; 64 zeros when none",
  })
  lastHash: string;
  @ApiProperty({
    ...SEQUENCE,
    minimum: 1,
    nullable: true,
    description: 'The first sequence that is missing or does not verify; null when verified',
  })
  firstBrokenSequence: number | null;
}
