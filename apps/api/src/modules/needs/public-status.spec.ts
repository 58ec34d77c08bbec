import { randomUUID } from 'node:crypto';
import { NeedStatus } from '@assist/contracts';
import type { NeedEntity } from '@app/database';
import { newReferenceNumber } from '@app/domain';
import { expectProblem, newNeed, newOrg, newOrgWithAdmin, newPartner, TestApp } from '@app/testing';
import { startTestApi } from '../../../test/test-api';

/** Stored columns a need in each status has, and what the public is told of it. */
const CASES: [NeedStatus, string, Partial<NeedEntity>][] = [
  ['NEW', 'RECEIVED', {}],
  ['ACCEPTED', 'IN_PROGRESS', {}],
  ['IN_PROGRESS', 'IN_PROGRESS', {}],
  ['ON_HOLD', 'WAITING_ON_YOU', { slaPausedAt: new Date(), slaRemainingSeconds: 3600 }],
  ['RESOLVED', 'RESOLVED', { outcome: 'MET', resolvedAt: new Date() }],
  // At the default partner: a decline anywhere else re-routes the need (below).
  ['DECLINED', 'CLOSED', { reason: 'no_capacity' }],
  ['CANCELLED', 'CLOSED', { reason: 'duplicate request' }],
];

const CONTACT = {
  firstName: 'Rosalind',
  lastName: 'Okafor',
  phone: '+13125550187',
  email: 'rosalind.okafor@example.org',
  addressStreet: '12 Elm Street',
  addressCity: 'Springfield',
  addressState: 'IL',
  addressZip: '62701',
};

describe('GET /api/needs/public/status', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_PUBLIC_PER_IP: '0', RATE_LIMIT_MEMBER: '0' });
  });
  afterAll(() => api.close());

  const status = (query: Record<string, string>) =>
    api.http.get('/api/needs/public/status').query(query);

  async function organization() {
    const { org, auth } = await newOrgWithAdmin(api);
    const pantry = await newPartner(api, org.id, {
      isDefault: true,
      name: 'Northside Pantry',
      publicCategoryName: 'Food assistance',
    });
    return { org, auth, pantry };
  }

  it('answers a public request by its reference number, without PII, ids or partner names', async () => {
    const { org, pantry } = await organization();
    const created = await api.http.post('/api/needs/public').send({
      organizationId: org.id,
      description: 'Rosalind Okafor needs groceries at 12 Elm Street',
      contact: CONTACT,
    });
    expect(created.status).toBe(201);
    const response = await status({
      organizationId: org.id,
      referenceNumber: created.body.referenceNumber,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      referenceNumber: created.body.referenceNumber,
      status: 'RECEIVED',
      category: 'Food assistance',
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.stringMatching(/Z$/),
    });
    const text = JSON.stringify(response.body);
    for (const secret of [
      ...Object.values(CONTACT),
      created.body.id,
      created.body.surveyToken,
      org.id,
      pantry.id,
      pantry.name,
      'groceries',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it.each(CASES)('tells %s as %s', async (needStatus, expected, columns) => {
    const { org, pantry } = await organization();
    const need = await newNeed(api, org.id, pantry.id, { status: needStatus, ...columns });
    const response = await status({
      organizationId: org.id,
      referenceNumber: need.referenceNumber,
    });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe(expected);
  });

  it('tells a need declined elsewhere and re-routed to the default partner as RECEIVED', async () => {
    const { org, auth } = await organization();
    const shelter = await newPartner(api, org.id, { publicCategoryName: 'Housing' });
    const need = await newNeed(api, org.id, shelter.id);
    const declined = await api.http
      .patch(`/api/needs/${need.id}`)
      .set(auth)
      .send({ status: 'DECLINED', reason: 'no_capacity' });
    expect(declined.body).toMatchObject({ status: 'NEW' });
    const response = await status({
      organizationId: org.id,
      referenceNumber: need.referenceNumber,
    });
    expect(response.body).toMatchObject({ status: 'RECEIVED', category: 'Food assistance' });
  });

  it('gives no category for a confidential need', async () => {
    const { org, pantry } = await organization();
    const need = await newNeed(api, org.id, pantry.id, { isConfidential: true });
    const response = await status({
      organizationId: org.id,
      referenceNumber: need.referenceNumber,
    });
    expect(response.status).toBe(200);
    expect(response.body.category).toBeNull();
  });

  it('reads the reference number in any letter case', async () => {
    const { org, pantry } = await organization();
    const need = await newNeed(api, org.id, pantry.id);
    const response = await status({
      organizationId: org.id,
      referenceNumber: need.referenceNumber.toLowerCase(),
    });
    expect(response.status).toBe(200);
    expect(response.body.referenceNumber).toBe(need.referenceNumber);
  });

  it('answers the same 404 for an unknown reference, an unknown organization, a disabled one and another organization', async () => {
    const { org, pantry } = await organization();
    const need = await newNeed(api, org.id, pantry.id);
    const disabled = await newOrg(api, { orgStatus: 'DISABLED' });
    const disabledPartner = await newPartner(api, disabled.id, { isDefault: true });
    const disabledNeed = await newNeed(api, disabled.id, disabledPartner.id);
    const other = await organization();
    const probes = [
      { organizationId: org.id, referenceNumber: newReferenceNumber(null) },
      { organizationId: randomUUID(), referenceNumber: need.referenceNumber },
      { organizationId: disabled.id, referenceNumber: disabledNeed.referenceNumber },
      { organizationId: other.org.id, referenceNumber: need.referenceNumber },
    ];
    const bodies = [];
    for (const probe of probes) {
      const response = await status(probe);
      expectProblem(response, 404, 'not-found');
      const { instance, ...body } = response.body;
      expect(instance).toBe('/api/needs/public/status');
      bodies.push(body);
    }
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
  });

  it.each([
    ['organizationId', { organizationId: 'not-a-uuid', referenceNumber: 'ABCD-7K3M9Q' }],
    ['referenceNumber', { organizationId: randomUUID(), referenceNumber: 'ABCD-7K3M90' }],
    ['referenceNumber', { organizationId: randomUUID(), referenceNumber: 'A-7K3M9Q' }],
    ['referenceNumber', { organizationId: randomUUID() }],
    ['organizationId', { referenceNumber: 'ABCD-7K3M9Q' }],
  ])('refuses a malformed or missing %s with 400 naming it', async (field, query) => {
    const response = await status(query);
    expectProblem(response, 400, 'validation-error');
    expect(response.body.errors).toContainEqual(expect.objectContaining({ field }));
  });
});

describe('GET /api/needs/public/status rate limit', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_PUBLIC_PER_IP: '3' });
  });
  afterAll(() => api.close());

  it("counts against public intake's per-IP limit: 429 once the address spent it", async () => {
    const org = await newOrg(api);
    await newPartner(api, org.id, { isDefault: true });
    const created = await api.http
      .post('/api/needs/public')
      .send({ organizationId: org.id, description: 'help' });
    expect(created.status).toBe(201);
    const query = { organizationId: org.id, referenceNumber: created.body.referenceNumber };
    expect((await api.http.get('/api/needs/public/status').query(query)).status).toBe(200);
    expect((await api.http.get('/api/needs/public/status').query({})).status).toBe(400);
    const limited = await api.http.get('/api/needs/public/status').query(query);
    expectProblem(limited, 429, 'rate-limited');
    expect(Number(limited.headers['retry-after'])).toBe(limited.body.retry_after);
    const intake = await api.http
      .post('/api/needs/public')
      .send({ organizationId: org.id, description: 'more help' });
    expectProblem(intake, 429, 'rate-limited');
  });
});
