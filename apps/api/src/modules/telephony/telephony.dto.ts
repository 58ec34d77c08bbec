import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { TELEPHONY_DIRECTIONS } from '@app/database';
import type { TelephonyDetailRecordEntity, TelephonyDirection } from '@app/database';
import { NAMED_DATE_RANGES } from '@app/domain';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
const MAX_PAGE = 999_999_999;
const DATE_RANGE = `^(${NAMED_DATE_RANGES.join('|')}|\\d{4}-\\d{2}-\\d{2}/\\d{4}-\\d{2}-\\d{2})$`;

const MASK_NOTE =
  "The constituent's number (cld of an outbound message, cli of an inbound one) shows only its " +
  'last two digits to callers without the pii_reader profile.';

const toInteger = ({ value }: { value: unknown }) =>
  /^-?\d{1,9}$/.test(String(value)) ? Number(value) : value;

export class TelephonyRecordsQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 })
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE)
  page?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_PAGE_SIZE,
    default: DEFAULT_PAGE_SIZE,
  })
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  page_size?: number;

  @ApiPropertyOptional({
    description:
      `One of ${NAMED_DATE_RANGES.join(', ')} (the last N days include today), or ` +
      "YYYY-MM-DD/YYYY-MM-DD with both days included; days in the organization's timezone",
    example: 'last_7_days',
    pattern: DATE_RANGE,
    maxLength: 21,
  })
  @IsOptional()
  @IsString()
  @Matches(new RegExp(DATE_RANGE), {
    message: `date_range must be one of ${NAMED_DATE_RANGES.join(', ')} or YYYY-MM-DD/YYYY-MM-DD`,
  })
  date_range?: string;

  @ApiPropertyOptional({ enum: TELEPHONY_DIRECTIONS })
  @IsOptional()
  @IsIn(TELEPHONY_DIRECTIONS)
  direction?: TelephonyDirection;
}

export class TelephonyDetailRecordDto {
  @ApiProperty({ format: 'uuid' }) uuid: string;
  @ApiProperty({ enum: TELEPHONY_DIRECTIONS }) direction: TelephonyDirection;
  @ApiProperty({ description: `Sending address. ${MASK_NOTE}`, example: '+13125550100' })
  cli: string;
  @ApiProperty({ description: `Receiving address. ${MASK_NOTE}`, example: '+*********00' })
  cld: string;
  @ApiProperty({ nullable: true, type: String, example: 'SMS' }) message_type: string | null;
  @ApiProperty({
    description: 'accepted (our send), sent, finalized (delivery report) or received (inbound)',
  })
  status: string;
  @ApiProperty({ nullable: true, type: String, example: 'delivered' })
  delivery_status: string | null;
  @ApiProperty({ nullable: true, type: String }) carrier: string | null;
  @ApiProperty({ nullable: true, type: String, example: '0.0025' }) carrier_fee: string | null;
  @ApiProperty({ nullable: true, type: String, example: '0.0015' }) rate: string | null;
  @ApiProperty({ example: '0.0040' }) cost: string;
  @ApiProperty({ nullable: true, type: String, example: 'USD' }) currency: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) sent_at: string | null;
}

export class TelephonyRecordsPageDto {
  @ApiProperty({ type: [TelephonyDetailRecordDto] }) records: TelephonyDetailRecordDto[];
  @ApiProperty() page: number;
  @ApiProperty() page_size: number;
  @ApiProperty() total_records: number;
  @ApiProperty() total_pages: number;
}

/** A phone number with every digit but the last two hidden: +12025550111 → +*********11. */
function maskPhoneNumber(value: string): string {
  return value.slice(0, -2).replace(/\d/g, '*') + value.slice(-2);
}

/**
 * The record as the caller may see it: without Permission.PiiRead, the constituent's number (the
 * receiving address of an outbound message, the sending address of an inbound one) is masked.
 */
export function toTelephonyDetailRecord(
  record: TelephonyDetailRecordEntity,
  canReadPii: boolean,
): TelephonyDetailRecordDto {
  const inbound = record.direction === 'inbound';
  const shown = (address: string, isConstituents: boolean) =>
    isConstituents && !canReadPii ? maskPhoneNumber(address) : address;
  return {
    uuid: record.id,
    direction: record.direction,
    cli: shown(record.cli, inbound),
    cld: shown(record.cld, !inbound),
    message_type: record.messageType,
    status: record.status,
    delivery_status: record.deliveryStatus,
    carrier: record.carrier,
    carrier_fee: record.carrierFee,
    rate: record.rate,
    cost: record.cost,
    currency: record.currency,
    created_at: record.createdAt.toISOString(),
    sent_at: record.sentAt?.toISOString() ?? null,
  };
}
