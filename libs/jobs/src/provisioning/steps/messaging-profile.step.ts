import type { ProvisioningStep } from './step-context';

/** The profile's name: the organization's, with its id so a re-run finds the profile it made. */
export const messagingProfileName = (organization: { id: string; name: string }) =>
  `${organization.name} [${organization.id}]`;

/**
 * A messaging profile sending to US numbers, its webhook the API's Telnyx webhook. A re-run after
 * a lost answer finds the profile by its name instead of creating another.
 */
export const messagingProfileStep: ProvisioningStep = async ({
  organization,
  step,
  telnyx,
  config,
  save,
  setOrganization,
}) => {
  if (!step.providerId) {
    const name = messagingProfileName(organization);
    const [found] = await telnyx.findMessagingProfiles(name);
    const profile =
      found ??
      (await telnyx.createMessagingProfile({
        name,
        whitelisted_destinations: ['US'],
        webhook_url: new URL('/api/webhooks/telnyx', config.publicApiUrl).toString(),
      }));
    await save({ providerId: profile.id });
  }
  await setOrganization({ profileStatus: 'active' });
  return 'DONE';
};
