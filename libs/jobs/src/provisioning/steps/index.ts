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

/** What a person reads about each step: what it was doing, and what Telnyx may refuse. */
export const STEP_WORDING: Record<ProvisioningStepName, { doing: string; request: string }> = {
  messaging_profile: {
    doing: 'creating the messaging profile',
    request: 'the messaging profile',
  },
  phone_number: { doing: 'getting the phone number', request: 'the phone number order' },
  brand: { doing: 'registering the 10DLC brand', request: 'the brand registration' },
  campaign: { doing: 'registering the 10DLC campaign', request: 'the campaign registration' },
  campaign_number: {
    doing: 'assigning the number to the campaign',
    request: 'the number assignment to the campaign',
  },
};
