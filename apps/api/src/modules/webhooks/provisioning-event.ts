import type { ProvisioningStepName } from '@app/database';

/** A Telnyx event about something provisioning created: which step, and the provider's id. */
export interface ProvisioningEvent {
  step: ProvisioningStepName;
  providerId: string;
}

type Json = Record<string, unknown>;

const object = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/**
 * Number order events (`number_order.complete`, ...) and 10DLC events (`10dlc.brand.update`,
 * `10dlc.campaign.update`, `10dlc.phone_number.update`, ...): null for any other event. The event
 * only says where to look: the step asks Telnyx itself.
 */
export function parseProvisioningEvent(body: unknown): ProvisioningEvent | null {
  const data = object(object(body).data);
  const type = text(data.event_type) ?? '';
  const payload = object(data.payload);
  if (type.startsWith('number_order.')) {
    const id = text(payload.id);
    return id ? { step: 'phone_number', providerId: id } : null;
  }
  if (!type.startsWith('10dlc.')) return null;
  const phoneNumber = text(payload.phoneNumber) ?? text(payload.phone_number);
  const campaignId = text(payload.campaignId);
  const brandId = text(payload.brandId);
  if (phoneNumber && (type.includes('phone_number') || type.includes('assignment'))) {
    return { step: 'campaign_number', providerId: phoneNumber };
  }
  if (campaignId) return { step: 'campaign', providerId: campaignId };
  if (brandId) return { step: 'brand', providerId: brandId };
  return null;
}
