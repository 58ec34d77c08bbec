/** The parts of Telnyx v2 resources this service reads (Telnyx sends more). */

export interface TelnyxMessagingProfile {
  id: string;
  name: string;
  enabled?: boolean;
  webhook_url?: string | null;
  whitelisted_destinations?: string[];
}

export interface TelnyxAvailableNumber {
  phone_number: string;
  features?: { name: string }[];
  region_information?: { region_type: string; region_name: string }[];
}

export type TelnyxNumberOrderStatus = 'pending' | 'success' | 'failure';

export interface TelnyxNumberOrder {
  id: string;
  status: TelnyxNumberOrderStatus;
  customer_reference?: string | null;
  phone_numbers: { id: string; phone_number: string; status: string }[];
}

export interface TelnyxPhoneNumber {
  id: string;
  phone_number: string;
  status: string;
  messaging_profile_id?: string | null;
}

export interface TelnyxBrandInput {
  entityType: 'NON_PROFIT';
  displayName: string;
  companyName: string;
  ein: string;
  country: 'US';
  street: string;
  city: string;
  state: string;
  postalCode: string;
  email: string;
  phone: string;
  vertical: 'NGO';
  /** Ours: the organization id, to find the brand again after a lost answer. */
  referenceId: string;
}

export interface TelnyxBrand {
  brandId: string;
  tcrBrandId?: string | null;
  displayName: string;
  referenceId?: string | null;
  identityStatus?: string | null;
  status?: string | null;
  failureReasons?: string | null;
}

export interface TelnyxCampaignInput {
  brandId: string;
  usecase: 'MIXED';
  subUsecases: string[];
  description: string;
  messageFlow: string;
  sample1: string;
  sample2: string;
  subscriberOptin: boolean;
  subscriberOptout: boolean;
  subscriberHelp: boolean;
  optinKeywords: string;
  optoutKeywords: string;
  helpKeywords: string;
  optinMessage: string;
  optoutMessage: string;
  helpMessage: string;
  embeddedLink: boolean;
  embeddedPhone: boolean;
  numberPool: boolean;
  ageGated: boolean;
  directLending: boolean;
  termsAndConditions: boolean;
}

export interface TelnyxCampaign {
  campaignId: string;
  brandId: string;
  tcrCampaignId?: string | null;
  campaignStatus?: string | null;
  failureReasons?: string | null;
}

export interface TelnyxPhoneNumberCampaign {
  phoneNumber: string;
  campaignId: string;
  assignmentStatus?: string | null;
  failureReasons?: string | null;
}

export interface TelnyxMessage {
  id: string;
  to?: { phone_number?: string; status?: string; carrier?: string }[];
  cost?: { amount?: string | number | null; currency?: string } | null;
}
