import { ProvisioningFailure } from '../provisioning-failure';
import type { ProvisioningStep } from './step-context';

/** The number on the campaign (assigning it twice is refused by Telnyx, so it is looked up first). */
export const campaignNumberStep: ProvisioningStep = async ({
  steps,
  telnyx,
  save,
  setOrganization,
}) => {
  const phoneNumber = steps.phone_number.progress.phoneNumber as string;
  const campaignId = steps.campaign.providerId as string;
  const assignment =
    (await telnyx.getNumberCampaign(phoneNumber)) ??
    (await telnyx.assignNumberToCampaign(phoneNumber, campaignId));
  await save({ providerId: phoneNumber });
  if (assignment.assignmentStatus === 'ASSIGNED') {
    await setOrganization({ tcrStatus: 'VERIFIED' });
    return 'DONE';
  }
  if (assignment.assignmentStatus === 'FAILED_ASSIGNMENT') {
    throw new ProvisioningFailure(
      'number-assignment-failed',
      `Telnyx could not assign ${phoneNumber} to the campaign${assignment.failureReasons ? ` (${assignment.failureReasons})` : ''}; contact Telnyx support, then start provisioning again.`,
    );
  }
  return 'WAITING';
};
