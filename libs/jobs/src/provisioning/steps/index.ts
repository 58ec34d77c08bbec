import type { ProvisioningStepName } from '@app/database';
import { brandStep } from './brand.step';
import { campaignNumberStep } from './campaign-number.step';
import { campaignStep } from './campaign.step';
import { messagingProfileStep } from './messaging-profile.step';
import { phoneNumberStep } from './phone-number.step';
import type { ProvisioningStep } from './step-context';

export const PROVISIONING_STEP_RUNNERS: Record<ProvisioningStepName, ProvisioningStep> = {
  messaging_profile: messagingProfileStep,
  phone_number: phoneNumberStep,
  brand: brandStep,
  campaign: campaignStep,
  campaign_number: campaignNumberStep,
};

/** What a person reads about each step. */
export const STEP_LABELS: Record<ProvisioningStepName, string> = {
  messaging_profile: 'creating the messaging profile',
  phone_number: 'getting the phone number',
  brand: 'registering the 10DLC brand',
  campaign: 'registering the 10DLC campaign',
  campaign_number: 'assigning the number to the campaign',
};
