import { ApiProperty } from '@nestjs/swagger';
import { CONSTITUENT_FIELDS, type MergeSummary } from '@app/database';
import { KeysetPageQueryDto } from '@app/http';
import { ConstituentResponseDto } from './constituent.dto';

export class ListMergesQueryDto extends KeysetPageQueryDto {}

export class MergeResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid', description: 'Merged away by the merge (until it is undone)' })
  sourceConstituentId: string;
  @ApiProperty({ format: 'uuid' }) targetConstituentId: string;
  @ApiProperty({ format: 'uuid', description: 'The member who merged' }) mergedBy: string;
  @ApiProperty({ format: 'date-time' }) mergedAt: string;
  @ApiProperty({
    enum: CONSTITUENT_FIELDS,
    isArray: true,
    description: "The target's fields the merge changed (fieldOverrides); undo restores them",
  })
  overriddenFields: string[];
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) undoneBy: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) undoneAt: string | null;
}

export class MergeUndoResponseDto {
  @ApiProperty({ type: MergeResponseDto, description: 'The merge, with undoneBy and undoneAt' })
  merge: MergeResponseDto;
  @ApiProperty({ type: ConstituentResponseDto, description: 'The source, live again' })
  source: ConstituentResponseDto;
  @ApiProperty({ type: ConstituentResponseDto, description: 'The target, its fields restored' })
  target: ConstituentResponseDto;
}

export function toMergeResponse(merge: MergeSummary): MergeResponseDto {
  return {
    id: merge.id,
    sourceConstituentId: merge.sourceConstituentId,
    targetConstituentId: merge.targetConstituentId,
    mergedBy: merge.mergedBy,
    mergedAt: merge.mergedAt.toISOString(),
    overriddenFields: CONSTITUENT_FIELDS.filter((field) => merge.overriddenFields.includes(field)),
    undoneBy: merge.undoneBy,
    undoneAt: merge.undoneAt?.toISOString() ?? null,
  };
}
