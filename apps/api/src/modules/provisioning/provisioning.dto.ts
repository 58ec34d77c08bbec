import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import {
  OrganizationEntity,
  PROVISIONING_STEP_STATUSES,
  PROVISIONING_STEPS,
  ProvisioningRecord,
  type ProvisioningStepName,
  type ProvisioningStepStatus,
} from '@app/database';
import { IsE164Phone } from '@app/http';

export const PROVISIONING_STATES = [
  'NOT_STARTED',
  'RUNNING',
  'WAITING',
  'COMPLETED',
  'FAILED',
] as const;
export type ProvisioningState = (typeof PROVISIONING_STATES)[number];

/** POST /api/organizations/settings/provisioning (the body is optional). */
export class StartProvisioningDto {
  @ApiPropertyOptional({
    format: 'e164',
    example: '+13125550123',
    description:
      'A number the Telnyx account already owns, adopted instead of ordering one (used while the ' +
      'phone_number step has not finished).',
  })
  @IsOptional()
  @IsE164Phone()
  existingPhoneNumber?: string;
}

export class ProvisioningStepDto {
  @ApiProperty({
    enum: PROVISIONING_STEPS,
    description:
      'In order: messaging_profile (a Telnyx messaging profile with the webhook), phone_number (the ' +
      'number ordered or adopted, on the profile), brand (10DLC brand, vetted), campaign (10DLC ' +
      'campaign, reviewed), campaign_number (the number assigned to the campaign).',
  })
  name: ProvisioningStepName;

  @ApiProperty({
    enum: PROVISIONING_STEP_STATUSES,
    description:
      'PENDING: not run yet. RUNNING: running, or retrying after a transient provider failure. ' +
      'WAITING: waiting on the provider (number order, brand vetting, campaign review, number ' +
      'assignment), asked again periodically and on its webhook. DONE: finished, never repeated. ' +
      'FAILED: stopped; `error` says what to do, then POST again to resume.',
  })
  status: ProvisioningStepStatus;

  @ApiProperty({ minimum: 0, description: 'Times the step was run (polls while WAITING excluded)' })
  attempts: number;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "The provider's id of what the step created: messaging profile, number order, brand, " +
      'campaign, or the assigned number',
  })
  providerId: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'The latest failure, for a person' })
  error: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  updatedAt: string | null;
}

export class ProvisioningResponseDto {
  @ApiProperty({
    enum: PROVISIONING_STATES,
    description:
      'NOT_STARTED: never started. RUNNING: a step is running or about to. WAITING: waiting on ' +
      'the provider. COMPLETED: every step DONE; SMS can be sent. FAILED: a step FAILED (see ' +
      'provisioningError in the settings); POST again to resume from it.',
  })
  state: ProvisioningState;

  @ApiProperty({ type: [ProvisioningStepDto] })
  steps: ProvisioningStepDto[];

  @ApiProperty({ type: String, nullable: true, description: 'The provisioned number (E.164)' })
  phoneNumber: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  startedAt: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  completedAt: string | null;
}

export function provisioningState(record: ProvisioningRecord | null): ProvisioningState {
  if (!record) return 'NOT_STARTED';
  const statuses = record.steps.map((step) => step.status);
  if (record.run.completedAt) return 'COMPLETED';
  if (statuses.includes('FAILED')) return 'FAILED';
  if (statuses.includes('WAITING')) return 'WAITING';
  return 'RUNNING';
}

export function toProvisioningResponse(
  record: ProvisioningRecord | null,
  organization: OrganizationEntity,
): ProvisioningResponseDto {
  return {
    state: provisioningState(record),
    steps: PROVISIONING_STEPS.map((name) => {
      const step = record?.steps.find((candidate) => candidate.name === name);
      return {
        name,
        status: step?.status ?? 'PENDING',
        attempts: step?.attempts ?? 0,
        providerId: step?.providerId ?? null,
        error: step?.error ?? null,
        updatedAt: step?.updatedAt.toISOString() ?? null,
      };
    }),
    phoneNumber: organization.phoneNumber,
    startedAt: record?.run.startedAt.toISOString() ?? null,
    completedAt: record?.run.completedAt?.toISOString() ?? null,
  };
}
