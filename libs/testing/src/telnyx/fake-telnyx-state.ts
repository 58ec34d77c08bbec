import { randomInt, randomUUID } from 'node:crypto';

/** How long the fake takes to settle what Telnyx settles over time (ms); 0 settles at once. */
export interface FakeTelnyxDelays {
  order: number;
  brand: number;
  campaign: number;
  assignment: number;
}

/** Something settling over time: pending until `readyAt`, unless held. */
interface Settling {
  readyAt: number;
  held: boolean;
}

export interface FakeProfile {
  id: string;
  name: string;
  webhook_url: string | null;
  whitelisted_destinations: string[];
}

export interface FakeNumber {
  id: string;
  phone_number: string;
  messaging_profile_id: string | null;
}

export interface FakeOrder extends Settling {
  id: string;
  phoneNumber: string;
  customerReference: string | null;
  fails: boolean;
}

export interface FakeBrand extends Settling {
  input: Record<string, unknown>;
  brandId: string;
  tcrBrandId: string;
  rejection: string | null;
}

export interface FakeCampaign extends Settling {
  input: Record<string, unknown>;
  campaignId: string;
  tcrCampaignId: string;
}

export interface FakeAssignment extends Settling {
  phoneNumber: string;
  campaignId: string;
}

const settled = (item: Settling) => !item.held && Date.now() >= item.readyAt;
const now = () => new Date().toISOString();

/** The account the fake Telnyx keeps: what was created, and how it settles. */
export class FakeTelnyxAccount {
  readonly profiles: FakeProfile[] = [];
  readonly numbers: FakeNumber[] = [];
  readonly orders: FakeOrder[] = [];
  readonly brands: FakeBrand[] = [];
  readonly campaigns: FakeCampaign[] = [];
  readonly assignments: FakeAssignment[] = [];
  delays: FakeTelnyxDelays = { order: 0, brand: 0, campaign: 0, assignment: 0 };
  holdOrders = false;
  failOrders = false;
  brandRejection: string | null = null;

  settling(kind: keyof FakeTelnyxDelays): Settling {
    return { readyAt: Date.now() + this.delays[kind], held: kind === 'order' && this.holdOrders };
  }

  /** Lets everything held settle now. */
  release(): void {
    for (const item of [...this.orders, ...this.brands, ...this.campaigns, ...this.assignments]) {
      item.held = false;
      item.readyAt = Math.min(item.readyAt, Date.now());
    }
  }

  /** Numbers for sale: 3 in the area code asked for (else 312). */
  available(areaCode: string | undefined) {
    const npa = areaCode ?? '312';
    return Array.from({ length: 3 }, () => ({
      record_type: 'available_phone_number',
      phone_number: `+1${npa}${randomInt(200, 999)}${String(randomInt(0, 10000)).padStart(4, '0')}`,
      vanity_format: null,
      best_effort: false,
      quickship: true,
      reservable: true,
      features: [{ name: 'sms' }, { name: 'mms' }, { name: 'voice' }],
      cost_information: { upfront_cost: '1.00', monthly_cost: '1.00', currency: 'USD' },
      region_information: [{ region_type: 'country_code', region_name: 'US' }],
    }));
  }

  /** A number the account owns (bought earlier, or outside the service). */
  own(phoneNumber: string): FakeNumber {
    const existing = this.numbers.find((number) => number.phone_number === phoneNumber);
    if (existing) return existing;
    const number = {
      id: `${randomInt(1e9, 9e9)}${randomInt(1e6, 9e6)}`,
      phone_number: phoneNumber,
      messaging_profile_id: null,
    };
    this.numbers.push(number);
    return number;
  }

  orderView(order: FakeOrder) {
    let status: 'pending' | 'success' | 'failure' = 'pending';
    if (settled(order)) status = order.fails ? 'failure' : 'success';
    if (status === 'success') this.own(order.phoneNumber);
    return {
      record_type: 'number_order',
      id: order.id,
      status,
      customer_reference: order.customerReference,
      phone_numbers_count: 1,
      phone_numbers: [
        {
          record_type: 'number_order_phone_number',
          id: `${order.id}-1`,
          phone_number: order.phoneNumber,
          status,
          regulatory_requirements: [],
          requirements_met: true,
        },
      ],
      requirements_met: true,
      created_at: now(),
      updated_at: now(),
    };
  }

  numberView(number: FakeNumber) {
    return {
      record_type: 'phone_number',
      id: number.id,
      phone_number: number.phone_number,
      status: 'active',
      messaging_profile_id: number.messaging_profile_id,
      tags: [],
      created_at: now(),
    };
  }

  brandView(brand: FakeBrand) {
    const done = settled(brand);
    const rejected = done && brand.rejection !== null;
    return {
      ...brand.input,
      brandId: brand.brandId,
      tcrBrandId: brand.tcrBrandId,
      identityStatus: !done ? 'SELF_DECLARED' : rejected ? 'UNVERIFIED' : 'VERIFIED',
      status: !done ? 'OK' : rejected ? 'REGISTRATION_FAILED' : 'OK',
      failureReasons: rejected ? brand.rejection : null,
      createdAt: now(),
      updatedAt: now(),
    };
  }

  brandVerified(brandId: unknown): boolean {
    const brand = this.brands.find((candidate) => candidate.brandId === brandId);
    return brand !== undefined && this.brandView(brand).identityStatus === 'VERIFIED';
  }

  campaignView(campaign: FakeCampaign) {
    return {
      ...campaign.input,
      campaignId: campaign.campaignId,
      tcrCampaignId: campaign.tcrCampaignId,
      campaignStatus: settled(campaign) ? 'MNO_PROVISIONED' : 'TCR_PENDING',
      status: 'ACTIVE',
      failureReasons: null,
      createDate: now(),
    };
  }

  assignmentView(assignment: FakeAssignment) {
    return {
      phoneNumber: assignment.phoneNumber,
      campaignId: assignment.campaignId,
      assignmentStatus: settled(assignment) ? 'ASSIGNED' : 'PENDING_ASSIGNMENT',
      failureReasons: null,
      createdAt: now(),
      updatedAt: now(),
    };
  }

  newOrder(phoneNumber: string, customerReference: string | null): FakeOrder {
    const order = {
      id: randomUUID(),
      phoneNumber,
      customerReference,
      fails: this.failOrders,
      ...this.settling('order'),
    };
    this.orders.push(order);
    return order;
  }

  newBrand(input: Record<string, unknown>): FakeBrand {
    const brand = {
      input,
      brandId: `4b20${randomUUID().replaceAll('-', '').slice(0, 28)}`,
      tcrBrandId: `B${randomInt(100000, 999999)}`,
      rejection: this.brandRejection,
      ...this.settling('brand'),
    };
    this.brands.push(brand);
    return brand;
  }

  /** A corrected brand is vetted again: rejected or not as the account now says. */
  revet(): Settling & { rejection: string | null } {
    return { rejection: this.brandRejection, ...this.settling('brand') };
  }

  newCampaign(input: Record<string, unknown>): FakeCampaign {
    const campaign = {
      input,
      campaignId: `4b30${randomUUID().replaceAll('-', '').slice(0, 28)}`,
      tcrCampaignId: `C${randomInt(100000, 999999)}`,
      ...this.settling('campaign'),
    };
    this.campaigns.push(campaign);
    return campaign;
  }

  newAssignment(phoneNumber: string, campaignId: string): FakeAssignment {
    const assignment = { phoneNumber, campaignId, ...this.settling('assignment') };
    this.assignments.push(assignment);
    return assignment;
  }
}
