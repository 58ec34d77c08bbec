import { randomUUID } from 'node:crypto';
import { createServer, IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeTelnyxAccount, FakeTelnyxDelays } from './fake-telnyx-state';

type Body = Record<string, unknown>;

export interface FakeTelnyxCall {
  method: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Body;
  /** When the call arrived (ms since the epoch). */
  at: number;
  /** The status answered; 0 when the answer was lost on purpose. */
  status?: number;
}

/** Which calls a fault or a delay applies to: `POST /v2/10dlc/brand`, or a method alone. */
export interface CallMatch {
  method?: string;
  /** The path starts with this. */
  path?: string;
}

export interface Fault extends CallMatch {
  status: number;
  /** How many matching calls fail (default 1). */
  count?: number;
  /** Seconds for the Retry-After header. */
  retryAfter?: number;
  code?: string;
  title?: string;
  detail?: string;
}

interface Route {
  method: string;
  pattern: RegExp;
  handle(call: FakeTelnyxCall, params: string[]): [number, unknown];
}

export interface FakeTelnyxApi {
  /** Base URL for TELNYX_API_BASE_URL. */
  url: string;
  account: FakeTelnyxAccount;
  /** Every call in arrival order, with the status answered. */
  calls: FakeTelnyxCall[];
  /** The calls matching `match`. */
  callsTo(match: CallMatch): FakeTelnyxCall[];
  /** Fails the next matching calls with Telnyx's error body (and Retry-After when given). */
  fail(fault: Fault): void;
  /**
   * Does the work of the next `count` matching calls, then drops the connection without answering
   * (as when a process dies before reading the answer): the caller never learns the new id.
   */
  loseAnswers(match: CallMatch, count?: number): void;
  /** Holds the answer to matching calls this long, after doing the work. */
  delay(match: CallMatch, ms: number): void;
  setDelays(delays: Partial<FakeTelnyxDelays>): void;
  close(): Promise<void>;
}

const TITLES: Record<number, [string, string]> = {
  400: ['10015', 'Bad Request'],
  401: ['10009', 'Authentication failed'],
  404: ['10005', 'Resource not found'],
  422: ['10015', 'Invalid parameter'],
  429: ['10011', 'Too many requests'],
};

function telnyxError(status: number, detail?: string, code?: string, title?: string) {
  const [defaultCode, defaultTitle] = TITLES[status] ?? ['10007', 'Unexpected error'];
  return {
    errors: [
      {
        code: code ?? defaultCode,
        title: title ?? defaultTitle,
        detail: detail ?? `${title ?? defaultTitle} (fake Telnyx)`,
        meta: { url: `https://developers.telnyx.com/docs/overview/errors/${code ?? defaultCode}` },
      },
    ],
  };
}

const matches = (match: CallMatch, call: FakeTelnyxCall) =>
  (!match.method || match.method === call.method) &&
  (!match.path || call.path.startsWith(match.path));

const page = (data: unknown[]) => ({
  data,
  meta: { page_number: 1, page_size: 250, total_pages: 1, total_results: data.length },
});
const records = (items: unknown[]) => ({ page: 1, records: items, totalRecords: items.length });

const missing = (field: string): [number, unknown] => [
  422,
  telnyxError(422, `The '${field}' parameter is required.`),
];

function routes(account: FakeTelnyxAccount): Route[] {
  const route = (method: string, path: string, handle: Route['handle']): Route => ({
    method,
    pattern: new RegExp(`^${path.replaceAll(':id', '([^/]+)')}$`),
    handle,
  });
  return [
    route('POST', '/v2/messages', (call) => {
      const { from, to, text } = call.body;
      if (!from || !to || !text) return missing(!from ? 'from' : !to ? 'to' : 'text');
      return [200, { data: acceptedMessage(randomUUID(), call.body) }];
    }),
    route('POST', '/v2/messaging_profiles', (call) => {
      if (!call.body.name) return missing('name');
      const profile = {
        id: randomUUID(),
        name: String(call.body.name),
        webhook_url: (call.body.webhook_url as string | undefined) ?? null,
        whitelisted_destinations: (call.body.whitelisted_destinations as string[]) ?? [],
      };
      account.profiles.push(profile);
      return [200, { data: { record_type: 'messaging_profile', enabled: true, ...profile } }];
    }),
    route('GET', '/v2/messaging_profiles', (call) => {
      const name = call.query.get('filter[name]');
      const found = account.profiles.filter((profile) => !name || profile.name === name);
      return [
        200,
        page(found.map((profile) => ({ record_type: 'messaging_profile', ...profile }))),
      ];
    }),
    route('GET', '/v2/available_phone_numbers', (call) => [
      200,
      page(account.available(call.query.get('filter[national_destination_code]') ?? undefined)),
    ]),
    route('POST', '/v2/number_orders', (call) => {
      const numbers = call.body.phone_numbers as { phone_number?: string }[] | undefined;
      const phoneNumber = numbers?.[0]?.phone_number;
      if (!phoneNumber) return missing('phone_numbers');
      const reference = (call.body.customer_reference as string | undefined) ?? null;
      return [200, { data: account.orderView(account.newOrder(phoneNumber, reference)) }];
    }),
    route('GET', '/v2/number_orders', (call) => {
      const reference = call.query.get('filter[customer_reference]');
      const found = account.orders.filter(
        (order) => !reference || order.customerReference === reference,
      );
      return [200, page(found.map((order) => account.orderView(order)))];
    }),
    route('GET', '/v2/number_orders/:id', (_call, [id]) => {
      const order = account.orders.find((candidate) => candidate.id === id);
      return order ? [200, { data: account.orderView(order) }] : [404, telnyxError(404)];
    }),
    route('GET', '/v2/phone_numbers', (call) => {
      const wanted = call.query.get('filter[phone_number]');
      const found = account.numbers.filter((number) => !wanted || number.phone_number === wanted);
      return [200, page(found.map((number) => account.numberView(number)))];
    }),
    route('PATCH', '/v2/phone_numbers/:id/messaging', (call, [id]) => {
      const number = account.numbers.find(
        (candidate) => candidate.id === id || candidate.phone_number === decodeURIComponent(id),
      );
      if (!number) return [404, telnyxError(404)];
      const profileId = call.body.messaging_profile_id as string;
      if (!account.profiles.some((profile) => profile.id === profileId)) {
        return [422, telnyxError(422, 'The messaging profile does not exist.')];
      }
      number.messaging_profile_id = profileId;
      return [200, { data: { ...account.numberView(number), record_type: 'messaging_settings' } }];
    }),
    route('POST', '/v2/10dlc/brand', (call) => {
      for (const field of [
        'entityType',
        'displayName',
        'companyName',
        'ein',
        'email',
        'vertical',
      ]) {
        if (!call.body[field]) return missing(field);
      }
      return [200, account.brandView(account.newBrand(call.body))];
    }),
    route('GET', '/v2/10dlc/brand', (call) => {
      const name = call.query.get('displayName');
      const found = account.brands.filter((brand) => !name || brand.input.displayName === name);
      return [200, records(found.map((brand) => account.brandView(brand)))];
    }),
    route('GET', '/v2/10dlc/brand/:id', (_call, [id]) => {
      const brand = account.brands.find((candidate) => candidate.brandId === id);
      return brand ? [200, account.brandView(brand)] : [404, telnyxError(404)];
    }),
    route('PUT', '/v2/10dlc/brand/:id', (call, [id]) => {
      const brand = account.brands.find((candidate) => candidate.brandId === id);
      if (!brand) return [404, telnyxError(404)];
      Object.assign(brand, { input: { ...brand.input, ...call.body } }, account.revet());
      return [200, account.brandView(brand)];
    }),
    route('POST', '/v2/10dlc/campaignBuilder', (call) => {
      for (const field of ['brandId', 'usecase', 'description', 'messageFlow', 'sample1']) {
        if (!call.body[field]) return missing(field);
      }
      if (!account.brandVerified(call.body.brandId)) {
        return [
          400,
          telnyxError(400, 'The brand is not verified: campaigns need a verified brand.'),
        ];
      }
      return [200, account.campaignView(account.newCampaign(call.body))];
    }),
    route('GET', '/v2/10dlc/campaign', (call) => {
      const brandId = call.query.get('brandId');
      const found = account.campaigns.filter(
        (campaign) => !brandId || campaign.input.brandId === brandId,
      );
      return [200, records(found.map((campaign) => account.campaignView(campaign)))];
    }),
    route('GET', '/v2/10dlc/campaign/:id', (_call, [id]) => {
      const campaign = account.campaigns.find((candidate) => candidate.campaignId === id);
      return campaign ? [200, account.campaignView(campaign)] : [404, telnyxError(404)];
    }),
    route('POST', '/v2/10dlc/phone_number_campaigns', (call) => {
      const phoneNumber = call.body.phoneNumber as string;
      const campaignId = call.body.campaignId as string;
      if (!account.numbers.some((number) => number.phone_number === phoneNumber)) {
        return [422, telnyxError(422, 'The phone number is not on this account.')];
      }
      if (!account.campaigns.some((campaign) => campaign.campaignId === campaignId)) {
        return [422, telnyxError(422, 'The campaign does not exist.')];
      }
      if (account.assignments.some((assignment) => assignment.phoneNumber === phoneNumber)) {
        return [422, telnyxError(422, 'The phone number is already assigned to a campaign.')];
      }
      return [200, account.assignmentView(account.newAssignment(phoneNumber, campaignId))];
    }),
    route('GET', '/v2/10dlc/phone_number_campaigns/:id', (_call, [id]) => {
      const assignment = account.assignments.find(
        (candidate) => candidate.phoneNumber === decodeURIComponent(id),
      );
      return assignment ? [200, account.assignmentView(assignment)] : [404, telnyxError(404)];
    }),
  ];
}

function acceptedMessage(id: string, body: Body) {
  return {
    record_type: 'message',
    direction: 'outbound',
    id,
    type: 'SMS',
    from: { phone_number: body.from, carrier: 'TELNYX LLC', line_type: 'VoIP' },
    to: [
      {
        phone_number: body.to,
        status: 'queued',
        carrier: 'T-MOBILE USA, INC.',
        line_type: 'Wireless',
      },
    ],
    text: body.text,
    parts: 1,
    encoding: 'GSM-7',
    cost: { amount: '0.0040', currency: 'USD' },
    received_at: new Date().toISOString(),
    errors: [],
  };
}

async function readBody(request: IncomingMessage): Promise<Body> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as Body) : {};
  } catch {
    return {};
  }
}

/**
 * A local Telnyx API v2 for the calls this service makes (messages, messaging profiles, number
 * search and orders, phone numbers, 10DLC brands, campaigns and number assignments), with Telnyx's
 * response shapes and error body (`{ errors: [{ code, title, detail }] }`). Orders, brand vetting,
 * campaign review and assignments settle after `account.delays`; faults and slow answers can be
 * injected per call.
 */
export async function startFakeTelnyxApi(
  options: { port?: number; host?: string } = {},
): Promise<FakeTelnyxApi> {
  const account = new FakeTelnyxAccount();
  const table = routes(account);
  const calls: FakeTelnyxCall[] = [];
  const faults: Fault[] = [];
  const delays: { match: CallMatch; ms: number }[] = [];
  const losses: { match: CallMatch; count: number }[] = [];

  function answer(
    response: ServerResponse,
    call: FakeTelnyxCall,
    status: number,
    body: unknown,
    headers = {},
  ) {
    call.status = status;
    response
      .writeHead(status, { 'content-type': 'application/json', ...headers })
      .end(JSON.stringify(body));
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake.telnyx');
    const call: FakeTelnyxCall = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: await readBody(request),
      at: Date.now(),
    };
    calls.push(call);
    if (!request.headers.authorization?.startsWith('Bearer ')) {
      return answer(response, call, 401, telnyxError(401));
    }
    const fault = faults.find(
      (candidate) => (candidate.count ?? 1) > 0 && matches(candidate, call),
    );
    if (fault) {
      fault.count = (fault.count ?? 1) - 1;
      const headers =
        fault.retryAfter === undefined ? {} : { 'retry-after': String(fault.retryAfter) };
      return answer(
        response,
        call,
        fault.status,
        telnyxError(fault.status, fault.detail, fault.code, fault.title),
        headers,
      );
    }
    for (const candidate of table) {
      const found = candidate.method === call.method && candidate.pattern.exec(call.path);
      if (!found) continue;
      const [status, body] = candidate.handle(call, found.slice(1));
      const hold = delays.find((delay) => matches(delay.match, call));
      if (hold) await new Promise((resolve) => setTimeout(resolve, hold.ms));
      const loss = losses.find(
        (candidate) => candidate.count > 0 && matches(candidate.match, call),
      );
      if (loss) {
        loss.count -= 1;
        call.status = 0;
        response.socket?.destroy();
        return;
      }
      return answer(response, call, status, body);
    }
    answer(response, call, 404, telnyxError(404));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    account,
    calls,
    callsTo: (match) => calls.filter((call) => matches(match, call)),
    fail: (fault) => faults.push({ ...fault }),
    loseAnswers: (match, count = 1) => losses.push({ match, count }),
    delay: (match, ms) => delays.push({ match, ms }),
    setDelays: (changes) => {
      account.delays = { ...account.delays, ...changes };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
