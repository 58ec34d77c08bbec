import { listRoutes } from '@app/auth';
import {
  expectProblem,
  idBearingRoutes,
  newTenant,
  RowRef,
  snapshotRows,
  Tenant,
  TENANT_CONTACT,
  tenantIds,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../apps/api/test/test-api';

/**
 * OWASP API1: organization B's org_admin names organization A's rows, by path id or body id.
 * Every route with an id in its path or in its request body needs a case here (the inventory test
 * fails otherwise); every list and search run as B must show none of A's ids.
 */

interface Probe {
  path: string;
  body?: object;
  /** The body field that names A's row; without one, the path does. */
  field?: string;
  /** 404, or 400 naming `field` where docs/CONVENTIONS.md says so (an id in a body). */
  status: 404 | 400;
  /** A's rows, unchanged by the request. */
  unchanged: RowRef[];
}

type Case = (a: Tenant, b: Tenant) => Probe[];

const rows = (t: Tenant) => ({
  org: ['organization', t.org.id] as const,
  partner: ['partner', t.partner.id] as const,
  staff: ['member', t.staff.id] as const,
  volunteer: ['member', t.volunteer.id] as const,
  shift: ['volunteer_shift', t.shiftId] as const,
  constituent: ['constituent', t.constituent.id] as const,
  household: ['household', t.constituent.householdId] as const,
  match: ['household_match', t.matchId] as const,
  mergedAway: ['constituent', t.mergedAwayId] as const,
  merge: ['merge_audit', t.mergeId] as const,
  need: ['need', t.need.id] as const,
  sharedContact: ['shared_contact', t.sharedContactId] as const,
  subscription: ['webhook_subscription', t.subscriptionId] as const,
});

const at = (path: string, unchanged: RowRef, body?: object): Probe => ({
  path,
  body,
  status: 404,
  unchanged: [unchanged],
});

const naming = (field: string, path: string, body: object, unchanged: RowRef): Probe => ({
  path,
  body,
  field,
  status: 400,
  unchanged: [unchanged],
});

/** Body fields that name the tenant a request is for, not a row in it. */
const TENANT_FIELDS = ['organizationId'];

/** A need's fields that name other rows, each given A's row. */
const needLinks = (a: Tenant): [string, string, RowRef][] => [
  ['partnerId', a.partner.id, rows(a).partner],
  ['parentNeedId', a.need.id, rows(a).need],
  ['constituentId', a.constituent.id, rows(a).constituent],
  ['householdId', a.constituent.householdId, rows(a).household],
];

const CASES: Record<string, Case> = {
  'GET /api/constituents/{id}': (a) => [
    at(`/api/constituents/${a.constituent.id}`, rows(a).constituent),
  ],
  'PUT /api/constituents/{id}': (a) => [
    at(`/api/constituents/${a.constituent.id}`, rows(a).constituent, { firstName: 'Mallory' }),
  ],
  'POST /api/constituents/{id}/consents': (a) => [
    at(`/api/constituents/${a.constituent.id}/consents`, rows(a).constituent, {
      purpose: 'SHARE_WITH_PARTNERS',
      granted: true,
      method: 'VERBAL',
    }),
  ],
  'GET /api/constituents/{id}/consents': (a) => [
    at(`/api/constituents/${a.constituent.id}/consents`, rows(a).constituent),
  ],
  'POST /api/constituents/{id}/opt-out': (a) => [
    at(`/api/constituents/${a.constituent.id}/opt-out`, rows(a).constituent),
  ],
  'POST /api/constituents/{id}/erase': (a) => [
    at(`/api/constituents/${a.constituent.id}/erase`, rows(a).constituent, { reason: 'REQUEST' }),
  ],
  'POST /api/constituents': (a) => [
    naming(
      'householdId',
      '/api/constituents',
      { ...TENANT_CONTACT, householdId: a.constituent.householdId },
      rows(a).household,
    ),
  ],
  // Merge has a "constituent not found" outcome: 404, not 400.
  'POST /api/constituents/merge': (a, b) =>
    (['sourceConstituentId', 'targetConstituentId'] as const).map((field) => ({
      path: '/api/constituents/merge',
      body: {
        sourceConstituentId: b.constituent.id,
        targetConstituentId: b.twinId,
        [field]: a.constituent.id,
      },
      field,
      status: 404,
      unchanged: [rows(a).constituent, rows(a).household],
    })),
  'GET /api/constituents/{id}/merges': (a) => [
    at(`/api/constituents/${a.constituent.id}/merges`, rows(a).constituent),
    at(`/api/constituents/${a.mergedAwayId}/merges`, rows(a).mergedAway),
  ],
  'POST /api/constituents/merges/{mergeId}/undo': (a) => [
    {
      path: `/api/constituents/merges/${a.mergeId}/undo`,
      status: 404,
      unchanged: [rows(a).merge, rows(a).mergedAway, rows(a).constituent],
    },
  ],
  'GET /api/households/{id}': (a) => [
    at(`/api/households/${a.constituent.householdId}`, rows(a).household),
  ],
  'POST /api/household-matches/{id}/resolve': (a, b) => [
    at(`/api/household-matches/${a.matchId}/resolve`, rows(a).match, { action: 'DISMISS' }),
    naming(
      'targetConstituentId',
      `/api/household-matches/${b.matchId}/resolve`,
      { action: 'MERGE_CONSTITUENT', targetConstituentId: a.constituent.id },
      rows(a).constituent,
    ),
  ],
  'DELETE /api/shared-contacts/{id}': (a) => [
    at(`/api/shared-contacts/${a.sharedContactId}`, rows(a).sharedContact),
  ],
  'GET /api/members/{id}': (a) => [at(`/api/members/${a.staff.id}`, rows(a).staff)],
  'PATCH /api/members/{id}': (a, b) => [
    at(`/api/members/${a.staff.id}`, rows(a).staff, { fullName: 'Mallory' }),
    naming('partnerId', `/api/members/${b.staff.id}`, { partnerId: a.partner.id }, rows(a).partner),
  ],
  'DELETE /api/members/{id}': (a) => [at(`/api/members/${a.staff.id}`, rows(a).staff)],
  'POST /api/members': (a) => [
    naming(
      'partnerId',
      '/api/members',
      { email: 'mallory@example.org', fullName: 'Mallory', role: 'staff', partnerId: a.partner.id },
      rows(a).partner,
    ),
  ],
  'POST /api/needs/public': (a, b) =>
    needLinks(a).map(([field, id, row]) =>
      naming(
        field,
        '/api/needs/public',
        { organizationId: b.org.id, description: 'Food', [field]: id },
        row,
      ),
    ),
  'POST /api/needs': (a) =>
    needLinks(a).map(([field, id, row]) =>
      naming(field, '/api/needs', { description: 'Food', [field]: id }, row),
    ),
  'GET /api/needs/{id}': (a) => [at(`/api/needs/${a.need.id}`, rows(a).need)],
  'PATCH /api/needs/{id}': (a, b) => [
    at(`/api/needs/${a.need.id}`, rows(a).need, { status: 'ACCEPTED' }),
    ...(
      [
        ['partnerId', a.partner.id, rows(a).partner],
        ['assignedTo', a.staff.id, rows(a).staff],
        ['parentNeedId', a.need.id, rows(a).need],
      ] as const
    ).map(([field, id, row]) => naming(field, `/api/needs/${b.need.id}`, { [field]: id }, row)),
  ],
  'GET /api/needs/{id}/history': (a) => [at(`/api/needs/${a.need.id}/history`, rows(a).need)],
  'GET /api/needs/{id}/survey': (a) => [at(`/api/needs/${a.need.id}/survey`, rows(a).need)],
  // The survey token is the credential and names its organization; another organization's need id
  // opens nothing.
  'GET /api/surveys/{surveyToken}': (a) => [at(`/api/surveys/${a.need.id}`, rows(a).need)],
  'POST /api/surveys/{surveyToken}': (a) => [
    at(`/api/surveys/${a.need.id}`, rows(a).need, { answers: { veteran: 'no' } }),
  ],
  'GET /api/needs/{id}/interactions': (a) => [
    at(`/api/needs/${a.need.id}/interactions`, rows(a).need),
  ],
  'POST /api/needs/{id}/sms': (a) => [
    at(`/api/needs/${a.need.id}/sms`, rows(a).need, { body: 'Hello' }),
  ],
  'POST /api/needs/{id}/email': (a) => [
    at(`/api/needs/${a.need.id}/email`, rows(a).need, { subject: 'Hello', body: 'Hello' }),
  ],
  'PUT /api/partners/{id}': (a) => [
    at(`/api/partners/${a.partner.id}`, rows(a).partner, { name: 'Mallory' }),
  ],
  'POST /api/volunteers/schedule': (a, b) =>
    (
      [
        ['volunteer_user_id', a.volunteer.id, rows(a).volunteer],
        ['partner_id', a.partner.id, rows(a).partner],
      ] as const
    ).map(([field, id, row]) =>
      naming(
        field,
        '/api/volunteers/schedule',
        {
          volunteer_user_id: b.volunteer.id,
          partner_id: b.partner.id,
          start_time: '2030-02-01T09:00:00Z',
          end_time: '2030-02-01T10:00:00Z',
          [field]: id,
        },
        row,
      ),
    ),
  'PATCH /api/volunteers/schedule/{id}': (a) => [
    at(`/api/volunteers/schedule/${a.shiftId}`, rows(a).shift, {
      end_time: '2030-01-07T14:00:00Z',
    }),
  ],
  'DELETE /api/volunteers/schedule/{id}': (a) => [
    at(`/api/volunteers/schedule/${a.shiftId}`, rows(a).shift),
  ],
  'GET /api/organizations/{id}/telephony/detail-records': (a) => [
    at(`/api/organizations/${a.org.id}/telephony/detail-records`, rows(a).org),
  ],
  'GET /api/webhooks/subscriptions/{id}': (a) => [
    at(`/api/webhooks/subscriptions/${a.subscriptionId}`, rows(a).subscription),
  ],
  'PATCH /api/webhooks/subscriptions/{id}': (a) => [
    at(`/api/webhooks/subscriptions/${a.subscriptionId}`, rows(a).subscription, {
      url: 'https://203.0.113.66/mallory',
      isActive: false,
    }),
  ],
  'DELETE /api/webhooks/subscriptions/{id}': (a) => [
    at(`/api/webhooks/subscriptions/${a.subscriptionId}`, rows(a).subscription),
  ],
  'GET /api/webhooks/subscriptions/{id}/deliveries': (a) => [
    at(`/api/webhooks/subscriptions/${a.subscriptionId}/deliveries`, rows(a).subscription),
  ],
};

/** Every list and search, run as B: the first request of each lists B's own rows. */
const LISTS: Record<string, (a: Tenant, b: Tenant) => string[]> = {
  'GET /api/needs': (a) => [
    '/api/needs',
    `/api/needs?status=NEW&partnerId=${a.partner.id}`,
    `/api/needs?constituentId=${a.constituent.id}`,
    `/api/needs?householdId=${a.constituent.householdId}`,
    `/api/needs?assignedTo=${a.staff.id}`,
    `/api/needs?q=${a.need.referenceNumber}`,
  ],
  'GET /api/constituents': (a) => [
    `/api/constituents?query=${encodeURIComponent(`${TENANT_CONTACT.firstName} ${TENANT_CONTACT.lastName}`)}`,
    '/api/constituents',
    `/api/constituents?query=${encodeURIComponent(TENANT_CONTACT.phone)}`,
    `/api/constituents?query=${TENANT_CONTACT.email}`,
    `/api/constituents?query=${a.need.referenceNumber}`,
  ],
  'GET /api/members': () => ['/api/members'],
  'GET /api/partners': () => ['/api/partners'],
  'GET /api/volunteers/schedule': (a) => [
    '/api/volunteers/schedule',
    `/api/volunteers/schedule?volunteer_user_id=${a.volunteer.id}`,
    `/api/volunteers/schedule?partner_id=${a.partner.id}`,
  ],
  'GET /api/household-matches': () => ['/api/household-matches'],
  'GET /api/shared-contacts': () => ['/api/shared-contacts'],
  'GET /api/webhooks/subscriptions': () => ['/api/webhooks/subscriptions'],
  'GET /api/audit-events': (a) => [
    '/api/audit-events',
    `/api/audit-events?subjectId=${a.twinId}`,
    `/api/audit-events?actorId=${a.admin.id}`,
  ],
  'GET /api/organizations/{id}/telephony/detail-records': (_a, b) => [
    `/api/organizations/${b.org.id}/telephony/detail-records`,
  ],
};

/** Member GET routes without an id that answer with the caller's own single record. */
const NOT_LISTS = [
  'GET /api/auth/me',
  'GET /api/organizations/settings',
  'GET /api/organizations/settings/email',
  'GET /api/organizations/settings/provisioning',
  // The verification of the caller's own chain: counts and hashes, no ids.
  'GET /api/audit-events/verify',
  // Totals without ids: survey-report.spec.ts shows another organization's responses never count.
  'GET /api/reports/surveys',
];

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

describe('cross-tenant isolation (OWASP API1)', () => {
  let api: TestApp;
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    api = await startTestApi({
      RATE_LIMIT_PUBLIC_PER_IP: '0',
      RATE_LIMIT_PUBLIC_PER_ORG: '0',
      RATE_LIMIT_MEMBER: '0',
      RATE_LIMIT_LOGIN: '0',
    });
    a = await newTenant(api);
    b = await newTenant(api);
  });
  afterAll(() => api.close());

  it('has a case for every route with an id in its path or body, and a probe per body id', async () => {
    const document = (await api.http.get('/docs/openapi.json')).body;
    const routes = idBearingRoutes(listRoutes(api.app), document);
    expect(routes.map(({ route }) => route).filter((route) => !(route in CASES))).toEqual([]);
    const unprobed = routes.flatMap(({ route, bodyIds }) => {
      const probed = (CASES[route]?.(a, b) ?? []).map((probe) => probe.field);
      return bodyIds
        .filter((field) => !TENANT_FIELDS.includes(field) && !probed.includes(field))
        .map((field) => `${route} ${field}`);
    });
    expect(unprobed).toEqual([]);
  });

  it('has a list case for every member GET route without an id', () => {
    const lists = listRoutes(api.app)
      .filter((route) => route.method === 'GET' && route.access !== 'public')
      .map((route) => `${route.method} ${route.path}`)
      .filter((route) => !route.includes('{') && !NOT_LISTS.includes(route));
    expect(lists.filter((route) => !(route in LISTS))).toEqual([]);
  });

  it.each(Object.keys(CASES))(
    "%s with A's ids as B: 404 (or 400 naming the field)",
    async (route) => {
      const method = route.split(' ')[0].toLowerCase() as Method;
      for (const probe of CASES[route](a, b)) {
        const before = await snapshotRows(api, probe.unchanged);
        const response = await api.http[method](probe.path).set(b.auth).send(probe.body);
        expectProblem(response, probe.status);
        if (probe.status === 400) {
          expect(response.body.errors).toContainEqual(
            expect.objectContaining({ field: probe.field }),
          );
        }
        expect(await snapshotRows(api, probe.unchanged)).toEqual(before);
      }
    },
  );

  it.each(Object.keys(LISTS))("%s as B lists B's rows and none of A's", async (route) => {
    const [own, ...filtered] = LISTS[route](a, b);
    for (const path of [own, ...filtered]) {
      const response = await api.http.get(path).set(b.auth);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      const text = JSON.stringify(response.body);
      expect(tenantIds(a).filter((id) => text.includes(id))).toEqual([]);
      if (path === own) expect(tenantIds(b).some((id) => text.includes(id))).toBe(true);
    }
  });
});
