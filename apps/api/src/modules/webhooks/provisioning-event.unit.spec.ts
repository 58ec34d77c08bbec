import { parseProvisioningEvent } from './provisioning-event';

const event = (type: string, payload: object) => ({ data: { event_type: type, payload } });

describe('parseProvisioningEvent', () => {
  it.each([
    [
      event('number_order.complete', { id: 'order-1' }),
      { step: 'phone_number', providerId: 'order-1' },
    ],
    [event('10dlc.brand.update', { brandId: 'B1' }), { step: 'brand', providerId: 'B1' }],
    [
      event('10dlc.campaign.update', { brandId: 'B1', campaignId: 'C1' }),
      { step: 'campaign', providerId: 'C1' },
    ],
    [
      event('10dlc.phone_number.update', { phoneNumber: '+13125550100', campaignId: 'C1' }),
      { step: 'campaign_number', providerId: '+13125550100' },
    ],
  ])('finds the step and the provider id of %j', (body, expected) => {
    expect(parseProvisioningEvent(body)).toEqual(expected);
  });

  it.each([
    event('message.finalized', { id: 'm1' }),
    event('number_order.complete', {}),
    event('10dlc.brand.update', {}),
    null,
    'text',
  ])('ignores %j', (body) => {
    expect(parseProvisioningEvent(body)).toBeNull();
  });
});
