import type { OrganizationEntity } from '@app/database';
import type { TelnyxBrand, TelnyxBrandInput } from '@app/messaging';
import { ProvisioningFailure } from '../provisioning-failure';
import type { ProvisioningStep, StepContext } from './step-context';

const VERIFIED = ['VERIFIED', 'VETTED_VERIFIED'];

/** The brand as registered: the organization's legal details (checked present before starting). */
export function brandInput(organization: OrganizationEntity): TelnyxBrandInput {
  return {
    entityType: 'NON_PROFIT',
    displayName: organization.name,
    companyName: organization.legalName ?? '',
    ein: organization.einTaxId ?? '',
    country: 'US',
    street: organization.legalStreet ?? '',
    city: organization.legalCity ?? '',
    state: organization.legalState ?? '',
    postalCode: organization.legalZip ?? '',
    email: organization.supportEmail ?? '',
    phone: organization.supportPhone ?? '',
    vertical: 'NGO',
    referenceId: organization.id,
  };
}

/**
 * The stored brand; else one registered earlier whose answer was lost (found by display name and
 * our referenceId); else a new registration, its id stored before anything else is asked.
 */
async function registeredBrand(context: StepContext): Promise<TelnyxBrand> {
  const { step, telnyx, organization, save, setOrganization } = context;
  if (step.providerId) {
    if (!step.progress.rejected) return telnyx.getBrand(step.providerId);
    // A rejected brand is corrected in place (from the settings as they are now), not registered again.
    const brand = await telnyx.updateBrand(step.providerId, brandInput(organization));
    await save({ progress: { rejected: false } });
    await setOrganization({ tcrBrandStatus: 'pending' });
    return brand;
  }
  const found = (await telnyx.findBrands(organization.name)).find(
    (brand) => brand.referenceId === organization.id,
  );
  const brand = found ?? (await telnyx.createBrand(brandInput(organization)));
  await save({ providerId: brand.brandId });
  await setOrganization({ tcrBrandId: brand.brandId, tcrBrandStatus: 'pending' });
  return brand;
}

/** A 10DLC brand for the organization, waited on until vetted. */
export const brandStep: ProvisioningStep = async (context) => {
  const brand = await registeredBrand(context);
  if (VERIFIED.includes(brand.identityStatus ?? '')) {
    await context.setOrganization({ tcrBrandStatus: 'verified' });
    return 'DONE';
  }
  if (brand.identityStatus === 'UNVERIFIED' || brand.status === 'REGISTRATION_FAILED') {
    await context.save({ progress: { rejected: true } });
    await context.setOrganization({ tcrBrandStatus: 'failed' });
    const reason = brand.failureReasons ?? 'the registry could not verify the legal details';
    throw new ProvisioningFailure(
      'brand-rejected',
      `The brand was rejected: ${reason}; correct the legal details in the settings and start provisioning again.`,
    );
  }
  return 'WAITING';
};
