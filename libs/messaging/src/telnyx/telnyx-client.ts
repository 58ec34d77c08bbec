import { assertNoOpenTransaction } from '@app/database';
import { TelnyxError } from './telnyx-error';
import type {
  TelnyxAvailableNumber,
  TelnyxBrand,
  TelnyxBrandInput,
  TelnyxCampaign,
  TelnyxCampaignInput,
  TelnyxMessage,
  TelnyxMessagingProfile,
  TelnyxNumberOrder,
  TelnyxPhoneNumber,
  TelnyxPhoneNumberCampaign,
} from './telnyx-types';

const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_DETAIL_LENGTH = 500;
/** Failures that happen before the request leaves: Telnyx cannot have received it. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);

type Query = Record<string, string | number | boolean>;

interface TelnyxErrorBody {
  errors?: { code?: string | number; title?: string; detail?: string }[];
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/** Retry-After in seconds (Telnyx sends seconds; an HTTP date is accepted too). */
function retryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function notReached(error: unknown): TelnyxError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const name = (error as Error).name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new TelnyxError('unknown', null, null, 'Telnyx did not answer in time');
  }
  const sent = !(cause?.code !== undefined && NOT_SENT_CODES.has(cause.code));
  const detail = `Telnyx could not be reached: ${cause?.message ?? (error as Error).message}`;
  return new TelnyxError(sent ? 'unknown' : 'unreachable', null, null, detail);
}

/**
 * Telnyx API v2 over fetch, typed for the calls this service makes: messages, messaging profiles,
 * numbers and 10DLC registration. Every call refuses to run inside a database transaction, and
 * every failure is a TelnyxError carrying Telnyx's own error (and Retry-After). It never retries by
 * itself: callers decide, since only they know whether a repeat is safe.
 */
export class TelnyxClient {
  constructor(
    private readonly apiKey: string,
    /** e.g. https://api.telnyx.com (paths start with /v2). */
    private readonly baseUrl: string,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}

  // Messaging

  async sendMessage(message: { from: string; to: string; text: string }): Promise<TelnyxMessage> {
    return (await this.call<{ data: TelnyxMessage }>('POST', '/v2/messages', message)).data;
  }

  async createMessagingProfile(input: {
    name: string;
    whitelisted_destinations: string[];
    webhook_url: string;
  }): Promise<TelnyxMessagingProfile> {
    const body = { ...input, enabled: true, webhook_api_version: '2' };
    return (
      await this.call<{ data: TelnyxMessagingProfile }>('POST', '/v2/messaging_profiles', body)
    ).data;
  }

  async findMessagingProfiles(name: string): Promise<TelnyxMessagingProfile[]> {
    const query = { 'filter[name]': name };
    return (
      await this.call<{ data: TelnyxMessagingProfile[] }>(
        'GET',
        '/v2/messaging_profiles',
        undefined,
        query,
      )
    ).data;
  }

  // Numbers

  async searchAvailableNumbers(near: {
    areaCode?: string;
    state?: string;
  }): Promise<TelnyxAvailableNumber[]> {
    const query: Query = {
      'filter[country_code]': 'US',
      'filter[features][]': 'sms',
      'filter[phone_number_type]': 'local',
      'filter[limit]': 5,
    };
    if (near.areaCode) query['filter[national_destination_code]'] = near.areaCode;
    else if (near.state) query['filter[administrative_area]'] = near.state;
    return (
      await this.call<{ data: TelnyxAvailableNumber[] }>(
        'GET',
        '/v2/available_phone_numbers',
        undefined,
        query,
      )
    ).data;
  }

  async createNumberOrder(
    phoneNumber: string,
    customerReference: string,
  ): Promise<TelnyxNumberOrder> {
    const body = {
      phone_numbers: [{ phone_number: phoneNumber }],
      customer_reference: customerReference,
    };
    return (await this.call<{ data: TelnyxNumberOrder }>('POST', '/v2/number_orders', body)).data;
  }

  async findNumberOrders(customerReference: string): Promise<TelnyxNumberOrder[]> {
    const query = { 'filter[customer_reference]': customerReference };
    return (
      await this.call<{ data: TelnyxNumberOrder[] }>('GET', '/v2/number_orders', undefined, query)
    ).data;
  }

  async getNumberOrder(id: string): Promise<TelnyxNumberOrder> {
    return (
      await this.call<{ data: TelnyxNumberOrder }>(
        'GET',
        `/v2/number_orders/${encodeURIComponent(id)}`,
      )
    ).data;
  }

  async findPhoneNumbers(phoneNumber: string): Promise<TelnyxPhoneNumber[]> {
    const query = { 'filter[phone_number]': phoneNumber };
    return (
      await this.call<{ data: TelnyxPhoneNumber[] }>('GET', '/v2/phone_numbers', undefined, query)
    ).data;
  }

  async setNumberMessagingProfile(
    phoneNumberId: string,
    messagingProfileId: string,
  ): Promise<void> {
    await this.call('PATCH', `/v2/phone_numbers/${encodeURIComponent(phoneNumberId)}/messaging`, {
      messaging_profile_id: messagingProfileId,
    });
  }

  // 10DLC registration (these answer the resource itself, not `{ data }`)

  createBrand(input: TelnyxBrandInput): Promise<TelnyxBrand> {
    return this.call<TelnyxBrand>('POST', '/v2/10dlc/brand', input);
  }

  async findBrands(displayName: string): Promise<TelnyxBrand[]> {
    const query = { displayName, recordsPerPage: 100 };
    return (await this.call<{ records: TelnyxBrand[] }>('GET', '/v2/10dlc/brand', undefined, query))
      .records;
  }

  /** Corrects a brand's details; Telnyx verifies it again. */
  updateBrand(brandId: string, input: TelnyxBrandInput): Promise<TelnyxBrand> {
    return this.call<TelnyxBrand>('PUT', `/v2/10dlc/brand/${encodeURIComponent(brandId)}`, input);
  }

  getBrand(brandId: string): Promise<TelnyxBrand> {
    return this.call<TelnyxBrand>('GET', `/v2/10dlc/brand/${encodeURIComponent(brandId)}`);
  }

  createCampaign(input: TelnyxCampaignInput): Promise<TelnyxCampaign> {
    return this.call<TelnyxCampaign>('POST', '/v2/10dlc/campaignBuilder', input);
  }

  async findCampaigns(brandId: string): Promise<TelnyxCampaign[]> {
    const query = { brandId, recordsPerPage: 100 };
    return (
      await this.call<{ records: TelnyxCampaign[] }>('GET', '/v2/10dlc/campaign', undefined, query)
    ).records;
  }

  getCampaign(campaignId: string): Promise<TelnyxCampaign> {
    return this.call<TelnyxCampaign>('GET', `/v2/10dlc/campaign/${encodeURIComponent(campaignId)}`);
  }

  assignNumberToCampaign(
    phoneNumber: string,
    campaignId: string,
  ): Promise<TelnyxPhoneNumberCampaign> {
    return this.call<TelnyxPhoneNumberCampaign>('POST', '/v2/10dlc/phone_number_campaigns', {
      phoneNumber,
      campaignId,
    });
  }

  /** The number's campaign assignment; null when it has none. */
  async getNumberCampaign(phoneNumber: string): Promise<TelnyxPhoneNumberCampaign | null> {
    try {
      return await this.call<TelnyxPhoneNumberCampaign>(
        'GET',
        `/v2/10dlc/phone_number_campaigns/${encodeURIComponent(phoneNumber)}`,
      );
    } catch (error) {
      if (error instanceof TelnyxError && error.status === 404) return null;
      throw error;
    }
  }

  private async call<T>(method: string, path: string, body?: object, query?: Query): Promise<T> {
    assertNoOpenTransaction(`Telnyx ${method} ${path}`);
    const url = new URL(path, this.baseUrl);
    for (const [name, value] of Object.entries(query ?? {}))
      url.searchParams.set(name, String(value));
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${this.apiKey}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw notReached(error);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw notReached(error);
    }
    const answer = parse(text);
    if (response.ok) return answer as T;
    const first = (answer as TelnyxErrorBody).errors?.[0];
    const detail = (first?.detail ?? first?.title ?? response.statusText ?? 'no detail').slice(
      0,
      MAX_DETAIL_LENGTH,
    );
    throw new TelnyxError(
      'answered',
      response.status,
      first?.code === undefined ? null : String(first.code),
      detail,
      retryAfter(response.headers.get('retry-after')),
    );
  }
}
