import { ApiProperty } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger';

const INDICATOR: SchemaObject = {
  type: 'object',
  properties: { status: { type: 'string', enum: ['up', 'down'] } },
  required: ['status'],
  additionalProperties: true,
};
const INDICATORS = { type: 'object', additionalProperties: INDICATOR } as const;

/** A health check's result (terminus): each indicator by name, under info (up) or error (down). */
export class HealthResponseDto {
  @ApiProperty({ enum: ['ok'] }) status: 'ok';
  @ApiProperty({ ...INDICATORS, description: 'Indicators that are up' })
  info: Record<string, unknown>;
  @ApiProperty({ ...INDICATORS, description: 'Indicators that are down' })
  error: Record<string, unknown>;
  @ApiProperty({ ...INDICATORS, description: 'Every indicator' })
  details: Record<string, unknown>;
}
