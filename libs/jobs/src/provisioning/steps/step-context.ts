import type { AppConfig } from '@app/config';
import type {
  OrganizationEntity,
  ProvisionedFields,
  ProvisioningEntity,
  ProvisioningProgress,
  ProvisioningStepEntity,
  ProvisioningStepName,
} from '@app/database';
import type { TelnyxClient } from '@app/messaging';

/** What a step ran to: finished, or waiting on Telnyx (asked again at the next poll). */
export type StepOutcome = 'DONE' | 'WAITING';

export interface StepContext {
  organization: OrganizationEntity;
  run: ProvisioningEntity;
  step: ProvisioningStepEntity;
  /** Every step of the run, by name (earlier steps' provider ids). */
  steps: Record<ProvisioningStepName, ProvisioningStepEntity>;
  telnyx: TelnyxClient;
  config: AppConfig;
  /**
   * Stores what the step created at Telnyx (progress is merged), committed before the step calls
   * Telnyx again; `step` shows it at once.
   */
  save(changes: { providerId?: string | null; progress?: ProvisioningProgress }): Promise<void>;
  /** Moves the organization's provisioning fields (statuses, ids, number). */
  setOrganization(changes: ProvisionedFields): Promise<void>;
  /** Gives the organization the number; false when another organization has it. */
  assignPhoneNumber(phoneNumber: string): Promise<boolean>;
}

export type ProvisioningStep = (context: StepContext) => Promise<StepOutcome>;
