import {
  auditEntries,
  bearer,
  expectProblem,
  newConstituent,
  newMember,
  newNeed,
  newOrgWithAdmin,
  newPartner,
  refuseAuditEntries,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

const ROSA = {
  firstName: 'Rosa',
  lastName: 'Quintero',
  phone: '+12025550177',
  email: 'rosa.quintero@example.org',
};

/** Reads of personal data and confidential needs are logged before the answer leaves. */
describe('audit entries of reads', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_MEMBER: '0' });
  });
  afterAll(() => api.close());

  /** An organization with a two-person household, and a member who may not read personal fields. */
  async function world() {
    const setup = await newOrgWithAdmin(api);
    const rosa = await newConstituent(api, setup.org.id, ROSA);
    const sister = await newConstituent(api, setup.org.id, {
      firstName: 'Lena',
      lastName: 'Quintero',
      householdId: rosa.householdId,
    });
    const processor = await newMember(api, setup.org.id, {
      role: 'staff',
      profiles: ['needs_processor'],
    });
    return { ...setup, rosa, sister, withoutPii: bearer(api, processor) };
  }

  const reads = (org: string) =>
    auditEntries(api, org, ['constituent.read', 'constituent.search', 'need.read']);
  const summary = (entries: Awaited<ReturnType<typeof reads>>) =>
    entries.map(({ action, subjectType, subjectId, details }) => ({
      action,
      subjectType,
      subjectId,
      details,
    }));

  it('records constituent.read when a constituent is returned with personal fields', async () => {
    const { org, admin, auth, rosa, withoutPii } = await world();
    const response = await api.http.get(`/api/constituents/${rosa.id}`).set(auth);
    expect(response.status).toBe(200);
    expect(response.body.firstName).toBe('Rosa');
    // Committed before the answer was sent: visible as soon as it arrives.
    expect(await reads(org.id)).toEqual([
      expect.objectContaining({
        actorType: 'MEMBER',
        actorId: admin.id,
        action: 'constituent.read',
        subjectType: 'constituent',
        subjectId: rosa.id,
        details: {},
      }),
    ]);
    const masked = await api.http.get(`/api/constituents/${rosa.id}`).set(withoutPii);
    expect(masked.status).toBe(200);
    expect(masked.body.firstName).toBeNull();
    expect(await reads(org.id)).toHaveLength(1);
  });

  it('records one constituent.read per member of a household read', async () => {
    const { org, auth, rosa, sister } = await world();
    const response = await api.http.get(`/api/households/${rosa.householdId}`).set(auth);
    expect(response.status).toBe(200);
    expect(summary(await reads(org.id))).toEqual(
      [rosa.id, sister.id]
        .filter((id) => response.body.members.some((member: { id: string }) => member.id === id))
        .map((subjectId) => ({
          action: 'constituent.read',
          subjectType: 'constituent',
          subjectId,
          details: {},
        })),
    );
    expect(response.body.members).toHaveLength(2);
  });

  it('records one constituent.read per constituent a list returns with personal fields', async () => {
    const { org, auth, rosa, sister } = await world();
    const response = await api.http.get('/api/constituents').set(auth);
    expect(response.status).toBe(200);
    const subjects = (await reads(org.id)).map((entry) => entry.subjectId);
    expect(subjects.sort()).toEqual([rosa.id, sister.id].sort());
  });

  it.each([
    ['name', 'Rosa Quintero'],
    ['phone', '(202) 555-0177'],
    ['email', 'ROSA.QUINTERO@example.org'],
  ])(
    'records constituent.search by %s with its kind and result count, never the query',
    async (kind, query) => {
      const { org, auth } = await world();
      const response = await api.http
        .get(`/api/constituents?query=${encodeURIComponent(query)}`)
        .set(auth);
      expect(response.status).toBe(200);
      const entries = await reads(org.id);
      expect(summary(entries)).toEqual([
        {
          action: 'constituent.search',
          subjectType: 'constituent',
          subjectId: null,
          details: { kind, resultCount: response.body.length },
        },
      ]);
      expect(response.body.length).toBeGreaterThan(0);
      expect(JSON.stringify(entries)).not.toMatch(/Rosa|Quintero|5550177|rosa\./i);
    },
  );

  it('records need.read for a confidential need read by id, and not for others', async () => {
    const { org, auth } = await world();
    const partner = await newPartner(api, org.id);
    const secret = await newNeed(api, org.id, partner.id, { isConfidential: true });
    const open = await newNeed(api, org.id, partner.id);
    expect((await api.http.get(`/api/needs/${open.id}`).set(auth)).status).toBe(200);
    expect((await api.http.get(`/api/needs/${secret.id}`).set(auth)).status).toBe(200);
    expect(summary(await reads(org.id))).toEqual([
      { action: 'need.read', subjectType: 'need', subjectId: secret.id, details: {} },
    ]);
  });

  it('answers 503 and nothing of the record when the read cannot be recorded', async () => {
    const { org, auth, rosa } = await world();
    const partner = await newPartner(api, org.id);
    const secret = await newNeed(api, org.id, partner.id, {
      isConfidential: true,
      description: 'Confidential description',
    });
    await refuseAuditEntries(api, org.id);
    for (const path of [
      `/api/constituents/${rosa.id}`,
      `/api/households/${rosa.householdId}`,
      '/api/constituents',
      `/api/constituents?query=${encodeURIComponent('Rosa Quintero')}`,
      `/api/needs/${secret.id}`,
    ]) {
      const response = await api.http.get(path).set(auth);
      expectProblem(response, 503, 'audit-unavailable');
      expect(JSON.stringify(response.body)).not.toMatch(/Rosa|Quintero|Confidential description/);
    }
    expect(await reads(org.id)).toEqual([]);
  });
});
