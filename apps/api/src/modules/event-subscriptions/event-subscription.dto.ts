import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  Length,
  MaxLength,
} from 'class-validator';
import {
  EVENT_TYPES,
  type DeliveryStatus,
  type EventType,
  type WebhookDelivery,
  type WebhookSubscription,
} from '@app/database';
import { KeysetPageQueryDto, Omittable } from '@app/http';

const URL_DESCRIPTION =
  'https (also http when WEBHOOK_ALLOW_PRIVATE_HOSTS); hosts resolving to loopback, private, ' +
  'link-local and other non-public ranges are refused unless WEBHOOK_ALLOW_PRIVATE_HOSTS, the ' +
  'cloud metadata address always';

export class CreateEventSubscriptionDto {
  @ApiProperty({
    format: 'uri',
    maxLength: 2000,
    description: URL_DESCRIPTION,
    example: 'https://example.org/hooks',
  })
  @IsString()
  @Length(1, 2000)
  url: string;

  @ApiProperty({ enum: EVENT_TYPES, isArray: true, minItems: 1 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(EVENT_TYPES.length)
  @ArrayUnique()
  @IsIn(EVENT_TYPES, { each: true })
  events: EventType[];

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string | null;
}

export class UpdateEventSubscriptionDto {
  @ApiPropertyOptional({ format: 'uri', maxLength: 2000, description: URL_DESCRIPTION })
  @Omittable()
  @IsString()
  @Length(1, 2000)
  url?: string;

  @ApiPropertyOptional({ enum: EVENT_TYPES, isArray: true, minItems: 1 })
  @Omittable()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(EVENT_TYPES.length)
  @ArrayUnique()
  @IsIn(EVENT_TYPES, { each: true })
  events?: EventType[];

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string | null;

  @ApiPropertyOptional({ description: 'Setting it true again also forgets past failures' })
  @Omittable()
  @IsBoolean()
  isActive?: boolean;
}

export class EventSubscriptionResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() url: string;
  @ApiProperty({ enum: EVENT_TYPES, isArray: true }) events: EventType[];
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ description: 'False once set so, or after 3 days of failing deliveries' })
  isActive: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class CreatedEventSubscriptionResponseDto extends EventSubscriptionResponseDto {
  @ApiProperty({
    description:
      'The signing secret (`whsec_` + base64), shown only in this response: verify deliveries with it',
  })
  secret: string;
}

/** GET /api/webhooks/subscriptions/{id}/deliveries: newest first, keyset pages. */
export class ListDeliveriesQueryDto extends KeysetPageQueryDto {}

export class EventDeliveryResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid', description: 'Also the webhook-id header of every attempt' })
  eventId: string;
  @ApiProperty({ enum: EVENT_TYPES }) eventType: string;
  @ApiProperty({ enum: ['PENDING', 'DELIVERED', 'FAILED'] }) status: DeliveryStatus;
  @ApiProperty({ type: 'integer', format: 'int32', minimum: 0, maximum: 1000 }) attempts: number;
  @ApiProperty({ type: 'integer', format: 'int32', minimum: 100, maximum: 599, nullable: true })
  responseStatus: number | null;
  @ApiProperty({ type: String, nullable: true }) lastError: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) deliveredAt: string | null;
}

export function toEventSubscriptionResponse(
  subscription: WebhookSubscription,
): EventSubscriptionResponseDto {
  return {
    id: subscription.id,
    url: subscription.url,
    events: subscription.events as EventType[],
    description: subscription.description,
    isActive: subscription.isActive,
    createdAt: subscription.createdAt.toISOString(),
  };
}

export function toEventDeliveryResponse(delivery: WebhookDelivery): EventDeliveryResponseDto {
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    responseStatus: delivery.responseStatus,
    lastError: delivery.lastError,
    createdAt: delivery.createdAt.toISOString(),
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
  };
}
