import type { OrganizationEntity } from '@app/database';
import type { TelnyxNumberOrder } from '@app/messaging';
import { ProvisioningFailure } from '../provisioning-failure';
import type { ProvisioningStep, StepContext } from './step-context';

/** Where to look for a number: the area code of the support phone, else the legal state. */
function near(organization: OrganizationEntity): { areaCode?: string; state?: string } {
  const phone = organization.supportPhone ?? '';
  if (/^\+1\d{10}$/.test(phone)) return { areaCode: phone.slice(2, 5) };
  return { state: organization.legalState ?? undefined };
}

/** This organization's order: the stored one, else a live one found by customer_reference. */
async function findOrder(context: StepContext): Promise<TelnyxNumberOrder | null> {
  const { step, telnyx, organization, save } = context;
  if (step.providerId) return telnyx.getNumberOrder(step.providerId);
  const orders = await telnyx.findNumberOrders(organization.id);
  const live = orders.find((order) => order.status !== 'failure');
  if (live) await save({ providerId: live.id });
  return live ?? null;
}

async function placeOrder(context: StepContext): Promise<TelnyxNumberOrder> {
  const { organization, telnyx, save, setOrganization } = context;
  const [available] = await telnyx.searchAvailableNumbers(near(organization));
  if (!available) {
    throw new ProvisioningFailure(
      'no-number-available',
      'Telnyx has no SMS-capable US number near the support phone or legal state; change supportPhone or legalState, or start again with an existingPhoneNumber.',
    );
  }
  const order = await telnyx.createNumberOrder(available.phone_number, organization.id);
  await save({ providerId: order.id });
  await setOrganization({ phoneStatus: 'ordered' });
  return order;
}

/** The ordered (or adopted) number, once Telnyx has it; null while the order is pending. */
async function orderedNumber(context: StepContext): Promise<string | null> {
  const { run, step, telnyx, save, setOrganization, assignPhoneNumber } = context;
  if (step.progress.phoneNumber) return step.progress.phoneNumber;
  if (run.existingPhoneNumber) {
    const [owned] = await telnyx.findPhoneNumbers(run.existingPhoneNumber);
    // Another organization's number is refused in the same words: its owner is not revealed.
    if (!owned || !(await assignPhoneNumber(owned.phone_number))) {
      throw new ProvisioningFailure(
        'existing-number-not-owned',
        `The Telnyx account does not own ${run.existingPhoneNumber}; check the number, or start again without existingPhoneNumber to order one.`,
      );
    }
    await save({ progress: { phoneNumber: owned.phone_number, phoneNumberId: owned.id } });
    return owned.phone_number;
  }
  const order = (await findOrder(context)) ?? (await placeOrder(context));
  if (order.status === 'pending') return null;
  if (order.status === 'failure') {
    await save({ providerId: null });
    await setOrganization({ phoneStatus: 'failed' });
    throw new ProvisioningFailure(
      'number-order-failed',
      'Telnyx could not complete the phone number order; start provisioning again to order another number.',
    );
  }
  const phoneNumber = order.phone_numbers[0]?.phone_number;
  await save({ progress: { phoneNumber } });
  return phoneNumber;
}

/** The number's own id (not the order's), found by the number. */
async function numberId(context: StepContext, phoneNumber: string): Promise<string | null> {
  if (context.step.progress.phoneNumberId) return context.step.progress.phoneNumberId;
  const [number] = await context.telnyx.findPhoneNumbers(phoneNumber);
  if (!number) return null;
  await context.save({ progress: { phoneNumberId: number.id } });
  return number.id;
}

/**
 * A US long-code number on the messaging profile: adopted (`existingPhoneNumber`) or searched near
 * the organization and ordered with `customer_reference` = the organization id, so a re-run finds
 * the order it placed instead of ordering again. Waits while the order is pending.
 */
export const phoneNumberStep: ProvisioningStep = async (context) => {
  const { steps, telnyx, step, save, setOrganization } = context;
  const phoneNumber = await orderedNumber(context);
  if (!phoneNumber) return 'WAITING';
  await setOrganization({ phoneStatus: 'assigned', phoneNumber });
  const id = await numberId(context, phoneNumber);
  if (!id) return 'WAITING';
  if (!step.progress.onProfile) {
    await telnyx.setNumberMessagingProfile(id, steps.messaging_profile.providerId as string);
    await save({ progress: { onProfile: true } });
  }
  return 'DONE';
};
