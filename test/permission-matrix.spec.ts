import { randomUUID } from 'node:crypto';
import { ACCESS_PROFILES, AccessProfile, MEMBER_ROLES, MemberRole } from '@assist/contracts';
import { listRoutes } from '@app/auth';
import { bearer, newMember, newOrg, TestApp } from '@app/testing';
import { startTestApi } from '../apps/api/test/test-api';

interface Row {
  routes: string[];
  roles: MemberRole[];
  profiles: AccessProfile[];
}

/**
 * docs/PERMISSIONS.md, transcribed row by row. Row scope (own partner, assigned needs) is tested with
 * each feature; this walk checks who passes the permission gate at all: 403 for everyone else.
 */
const TABLE: Row[] = [
  {
    routes: [
      'GET /api/constituents',
      'GET /api/constituents/{id}',
      'GET /api/constituents/{id}/consents',
      'GET /api/households/{id}',
    ],
    roles: ['org_admin', 'partner_admin'],
    profiles: ['intake_staff', 'needs_processor', 'pii_reader', 'duplicate_resolver'],
  },
  {
    routes: [
      'POST /api/constituents',
      'PUT /api/constituents/{id}',
      'POST /api/constituents/{id}/consents',
    ],
    roles: ['org_admin', 'partner_admin'],
    profiles: ['intake_staff'],
  },
  {
    routes: ['POST /api/constituents/{id}/opt-out'],
    roles: ['org_admin', 'partner_admin'],
    profiles: ['sms_manager', 'sms_communicator'],
  },
  {
    routes: [
      'POST /api/constituents/merge',
      'GET /api/constituents/{id}/merges',
      'POST /api/constituents/merges/{mergeId}/undo',
      'GET /api/household-matches',
      'POST /api/household-matches/{id}/resolve',
      'POST /api/shared-contacts',
      'GET /api/shared-contacts',
      'DELETE /api/shared-contacts/{id}',
    ],
    roles: ['org_admin'],
    profiles: ['duplicate_resolver'],
  },
  {
    routes: ['POST /api/needs'],
    roles: ['org_admin', 'partner_admin'],
    profiles: ['intake_staff'],
  },
  {
    routes: [
      'GET /api/needs',
      'GET /api/needs/{id}',
      'GET /api/needs/{id}/interactions',
      'GET /api/needs/{id}/history',
      'GET /api/needs/{id}/survey',
    ],
    roles: ['org_admin', 'partner_admin', 'volunteer'],
    profiles: ['needs_processor', 'intake_staff'],
  },
  {
    routes: ['PATCH /api/needs/{id}'],
    roles: ['org_admin', 'partner_admin', 'volunteer'],
    profiles: ['needs_processor'],
  },
  {
    routes: ['POST /api/needs/{id}/email'],
    roles: ['org_admin', 'partner_admin'],
    profiles: ['email_phone_communicator'],
  },
  {
    routes: ['POST /api/needs/{id}/sms'],
    roles: ['org_admin', 'partner_admin'],
    profiles: ['sms_communicator'],
  },
  {
    routes: ['GET /api/partners'],
    roles: ['org_admin', 'partner_admin', 'staff', 'volunteer'],
    profiles: [],
  },
  { routes: ['POST /api/partners'], roles: ['org_admin'], profiles: [] },
  { routes: ['PUT /api/partners/{id}'], roles: ['org_admin', 'partner_admin'], profiles: [] },
  {
    routes: [
      'POST /api/members',
      'GET /api/members',
      'GET /api/members/{id}',
      'PATCH /api/members/{id}',
      'DELETE /api/members/{id}',
    ],
    roles: ['org_admin', 'partner_admin'],
    profiles: [],
  },
  {
    routes: ['GET /api/organizations/settings', 'GET /api/organizations/settings/provisioning'],
    roles: ['org_admin'],
    profiles: ['sms_manager'],
  },
  {
    routes: ['PUT /api/organizations/settings', 'POST /api/organizations/settings/provisioning'],
    roles: ['org_admin'],
    profiles: [],
  },
  {
    routes: [
      'GET /api/organizations/settings/email',
      'PUT /api/organizations/settings/email',
      'POST /api/organizations/settings/email/test',
    ],
    roles: ['org_admin'],
    profiles: [],
  },
  {
    routes: [
      'POST /api/webhooks/subscriptions',
      'GET /api/webhooks/subscriptions',
      'GET /api/webhooks/subscriptions/{id}',
      'PATCH /api/webhooks/subscriptions/{id}',
      'DELETE /api/webhooks/subscriptions/{id}',
      'GET /api/webhooks/subscriptions/{id}/deliveries',
    ],
    roles: ['org_admin'],
    profiles: [],
  },
  {
    routes: [
      'POST /api/volunteers/schedule',
      'PATCH /api/volunteers/schedule/{id}',
      'GET /api/volunteers/schedule',
      'DELETE /api/volunteers/schedule/{id}',
    ],
    roles: ['org_admin', 'partner_admin', 'volunteer'],
    profiles: [],
  },
  { routes: ['GET /api/reports/surveys'], roles: ['org_admin', 'partner_admin'], profiles: [] },
  {
    routes: ['GET /api/audit-events', 'GET /api/audit-events/verify'],
    roles: ['org_admin'],
    profiles: [],
  },
  {
    routes: ['POST /api/constituents/{id}/erase'],
    roles: ['org_admin'],
    profiles: [],
  },
  {
    routes: ['GET /api/organizations/{id}/telephony/detail-records'],
    roles: ['org_admin'],
    profiles: ['sms_manager'],
  },
];

/** Routes any member may call whatever their role (no permission of their own). */
const EVERY_MEMBER = ['GET /api/auth/me'];

interface Caller {
  label: string;
  role: MemberRole;
  profiles: AccessProfile[];
}

const CALLERS: Caller[] = [
  ...MEMBER_ROLES.map((role) => ({ label: role, role, profiles: [] })),
  ...ACCESS_PROFILES.map((profile) => ({
    label: `staff+${profile}`,
    role: 'staff' as const,
    profiles: [profile],
  })),
];

function allowed(row: Row, caller: Caller): boolean {
  return row.roles.includes(caller.role) || caller.profiles.some((p) => row.profiles.includes(p));
}

describe('permission matrix (docs/PERMISSIONS.md)', () => {
  let api: TestApp;
  const tokens = new Map<string, { Authorization: string }>();

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_MEMBER: '0' });
    const org = await newOrg(api);
    for (const caller of CALLERS) {
      const member = await newMember(api, org.id, { role: caller.role, profiles: caller.profiles });
      tokens.set(caller.label, bearer(api, member));
    }
  });
  afterAll(() => api.close());

  it('covers exactly the member routes the application registers', () => {
    const registered = listRoutes(api.app)
      .filter((route) => route.access !== 'public')
      .map((route) => `${route.method} ${route.path}`)
      .sort();
    const documented = [...TABLE.flatMap((row) => row.routes), ...EVERY_MEMBER].sort();
    expect(registered).toEqual(documented);
  });

  const cases = TABLE.flatMap((row) =>
    row.routes.flatMap((route) =>
      CALLERS.map((caller) => [route, caller.label, allowed(row, caller)] as const),
    ),
  );

  it.each(cases)('%s as %s: allowed=%s', async (route, label, isAllowed) => {
    const [method, template] = route.split(' ');
    const path = template.replace(/\{\w+\}/g, () => randomUUID());
    const response = await api.http[
      method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'
    ](path)
      .set(tokens.get(label)!)
      .send(method === 'GET' || method === 'DELETE' ? undefined : {});
    if (isAllowed) expect(response.status).not.toBe(403);
    else expect(response.status).toBe(403);
    expect(response.status).not.toBe(401);
    expect(response.status).toBeLessThan(500);
  });
});
