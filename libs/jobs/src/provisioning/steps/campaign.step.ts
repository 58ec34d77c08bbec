import type { OrganizationEntity } from '@app/database';
import type { TelnyxCampaign, TelnyxCampaignInput } from '@app/messaging';
import { ProvisioningFailure } from '../provisioning-failure';
import type { ProvisioningStep, StepContext } from './step-context';

const ACCEPTED = ['TCR_ACCEPTED', 'TELNYX_ACCEPTED', 'MNO_ACCEPTED', 'MNO_PROVISIONED'];
const REJECTED = [
  'TCR_FAILED',
  'TELNYX_FAILED',
  'MNO_REJECTED',
  'MNO_PROVISIONING_FAILED',
  'TCR_SUSPENDED',
  'TCR_EXPIRED',
];

/** The campaign: mixed customer care and account notifications, with STOP/HELP wording. */
export function campaignInput(
  organization: OrganizationEntity,
  brandId: string,
): TelnyxCampaignInput {
  const name = organization.name;
  const contact = `${organization.supportEmail} or ${organization.supportPhone}`;
  return {
    brandId,
    usecase: 'MIXED',
    subUsecases: ['CUSTOMER_CARE', 'ACCOUNT_NOTIFICATION'],
    description: `${name} texts people who asked it for assistance about their request: updates, appointments and follow-up questions.`,
    messageFlow: `People give their mobile number to ${name} when they ask for assistance (online form, phone or in person) and agree to be texted about their request. Reply STOP to opt out, HELP for help.`,
    sample1: `${name}: your request has been received. We will text you when a partner picks it up. Reply STOP to opt out.`,
    sample2: `${name}: your food box is ready for pickup tomorrow 10am-2pm. Reply HELP for help, STOP to opt out.`,
    subscriberOptin: true,
    subscriberOptout: true,
    subscriberHelp: true,
    optinKeywords: 'START',
    optoutKeywords: 'STOP',
    helpKeywords: 'HELP',
    optinMessage: `${name}: you will get texts about your request. Msg frequency varies. Msg & data rates may apply. Reply HELP for help, STOP to opt out.`,
    optoutMessage: `${name}: you are unsubscribed and will get no more texts. Reply START to subscribe again.`,
    helpMessage: `${name}: for help contact ${contact}. Msg & data rates may apply. Reply STOP to opt out.`,
    embeddedLink: false,
    embeddedPhone: false,
    numberPool: false,
    ageGated: false,
    directLending: false,
    termsAndConditions: true,
  };
}

/** The stored campaign; else a live one of the brand (a lost answer); else a new one, stored at once. */
async function registeredCampaign(context: StepContext): Promise<TelnyxCampaign> {
  const { step, steps, telnyx, organization, save, setOrganization } = context;
  if (step.providerId) return telnyx.getCampaign(step.providerId);
  const brandId = steps.brand.providerId as string;
  const found = (await telnyx.findCampaigns(brandId)).find(
    (campaign) => !REJECTED.includes(campaign.campaignStatus ?? ''),
  );
  const campaign = found ?? (await telnyx.createCampaign(campaignInput(organization, brandId)));
  await save({ providerId: campaign.campaignId });
  await setOrganization({ tcrCampaignId: campaign.campaignId, tcrCampaignStatus: 'pending' });
  return campaign;
}

/** A 10DLC campaign of the brand, waited on until the carriers accept it. */
export const campaignStep: ProvisioningStep = async (context) => {
  const campaign = await registeredCampaign(context);
  const status = campaign.campaignStatus ?? '';
  if (ACCEPTED.includes(status)) {
    await context.setOrganization({ tcrCampaignStatus: 'verified' });
    return 'DONE';
  }
  if (REJECTED.includes(status)) {
    // A new campaign is registered when provisioning starts again.
    await context.save({ providerId: null });
    await context.setOrganization({ tcrCampaignStatus: 'failed' });
    const reason = campaign.failureReasons ?? status;
    throw new ProvisioningFailure(
      'campaign-rejected',
      `The messaging campaign was rejected (${reason}); review the organization's details and start provisioning again.`,
    );
  }
  return 'WAITING';
};
