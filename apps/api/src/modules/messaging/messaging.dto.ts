import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsString, Length, Matches } from 'class-validator';
import type { InteractionEntity } from '@app/database';
import { INTERACTION_CHANNELS, INTERACTION_DIRECTIONS, INTERACTION_STATUSES } from '@app/domain';
import type { InteractionChannel, InteractionDirection, InteractionStatus } from '@app/domain';
import { Omittable } from '@app/http';

const NOT_BLANK = /\S/;

export class SendSmsDto {
  @ApiProperty({ minLength: 1, maxLength: 1600, example: 'Your food box is ready for pick-up.' })
  @IsString()
  @Length(1, 1600)
  @Matches(NOT_BLANK, { message: 'body must not be blank' })
  body: string;

  @ApiPropertyOptional({
    description:
      'An emergency alert: sent during quiet hours when the organization bypasses them for emergencies',
    default: false,
  })
  @Omittable()
  @IsBoolean()
  emergency?: boolean;
}

export class SmsAcceptedDto {
  @ApiProperty({ format: 'uuid' }) interactionId: string;
  @ApiProperty({ enum: ['QUEUED', 'SCHEDULED'] }) status: 'QUEUED' | 'SCHEDULED';
  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'When a message accepted during quiet hours goes out (the end of quiet hours)',
  })
  scheduledFor: string | null;
}

export class SendEmailDto {
  @ApiProperty({ minLength: 1, maxLength: 500 })
  @IsString()
  @Length(1, 500)
  @Matches(NOT_BLANK, { message: 'subject must not be blank' })
  subject: string;

  @ApiProperty({ minLength: 1, maxLength: 50000, description: 'Plain text or HTML' })
  @IsString()
  @Length(1, 50000)
  @Matches(NOT_BLANK, { message: 'body must not be blank' })
  body: string;
}

export class EmailSentDto {
  @ApiProperty({ format: 'uuid' }) interactionId: string;
  @ApiProperty({ description: "The email provider's message id" }) messageId: string;
}

export class InteractionResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) needId: string | null;
  @ApiProperty({ format: 'uuid' }) constituentId: string;
  @ApiProperty({ enum: INTERACTION_CHANNELS }) channel: InteractionChannel;
  @ApiProperty({ enum: INTERACTION_DIRECTIONS }) direction: InteractionDirection;
  @ApiProperty({ nullable: true, type: String }) subject: string | null;
  @ApiProperty() body: string;
  @ApiProperty({ enum: INTERACTION_STATUSES }) status: InteractionStatus;
  @ApiProperty({ nullable: true, type: String }) providerMessageId: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Why sending failed' })
  error: string | null;
  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'The member who sent it; null for inbound messages and automatic replies',
  })
  createdBy: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) sentAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) scheduledFor: string | null;
}

export function toInteractionResponse(interaction: InteractionEntity): InteractionResponseDto {
  return {
    id: interaction.id,
    needId: interaction.needId,
    constituentId: interaction.constituentId,
    channel: interaction.channel,
    direction: interaction.direction,
    subject: interaction.subject,
    body: interaction.body,
    status: interaction.status,
    providerMessageId: interaction.providerMessageId,
    error: interaction.error,
    createdBy: interaction.createdBy,
    createdAt: interaction.createdAt.toISOString(),
    sentAt: interaction.sentAt?.toISOString() ?? null,
    scheduledFor: interaction.scheduledFor?.toISOString() ?? null,
  };
}
