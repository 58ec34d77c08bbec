import { randomUUID } from 'node:crypto';
import { TelephonyDetailRecordEntity } from '@app/database';
import { bearer, expectProblem, newMember, newOrg, TestApp } from '@app/testing';
import { startTestApi } from '../../../test/test-api';

/** The organization's number, and the constituent's it texts with. */
const OWN_NUMBER = '+13125550100';
const THEIR_NUMBER = '+12025550100';

describe('GET /api/organizations/{id}/telephony/detail-records', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const path = (organizationId: string) =>
    `/api/organizations/${organizationId}/telephony/detail-records`;

  async function orgWithAdmin(timezone = 'UTC') {
    const org = await newOrg(api, { timezone });
    const admin = await newMember(api, org.id);
    return { org, auth: bearer(api, admin) };
  }

  function record(
    organizationId: string,
    createdAt: Date,
    direction: 'inbound' | 'outbound' = 'outbound',
  ): Partial<TelephonyDetailRecordEntity> {
    const inbound = direction === 'inbound';
    return {
      organizationId,
      direction,
      cli: inbound ? THEIR_NUMBER : OWN_NUMBER,
      cld: inbound ? OWN_NUMBER : THEIR_NUMBER,
      messageType: 'SMS',
      status: inbound ? 'received' : 'accepted',
      deliveryStatus: 'queued',
      carrier: 'T-MOBILE USA, INC.',
      carrierFee: '0.0025',
      rate: '0.0015',
      cost: '0.0040',
      currency: 'USD',
      createdAt,
      sentAt: createdAt,
      providerMessageId: randomUUID(),
    };
  }

  const insert = (records: Partial<TelephonyDetailRecordEntity>[]) =>
    api.dataSource.getRepository(TelephonyDetailRecordEntity).save(records);

  const list = (organizationId: string, query: object, auth: object) =>
    api.http
      .get(path(organizationId))
      .query(query)
      .set(auth as Record<string, string>);

  it('pages newest first, 25 by default, with every field of a record', async () => {
    const { org, auth } = await orgWithAdmin();
    const base = Date.parse('2025-03-01T12:00:00Z');
    const saved = await insert(
      Array.from({ length: 30 }, (_, index) => record(org.id, new Date(base + index * 60_000))),
    );
    const other = await orgWithAdmin();
    await insert([record(other.org.id, new Date(base))]);
    const first = await list(org.id, {}, auth);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      page: 1,
      page_size: 25,
      total_records: 30,
      total_pages: 2,
    });
    expect(first.body.records).toHaveLength(25);
    const newest = saved[29];
    expect(first.body.records[0]).toEqual({
      uuid: newest.id,
      direction: 'outbound',
      cli: '+13125550100',
      cld: '+12025550100',
      message_type: 'SMS',
      status: 'accepted',
      delivery_status: 'queued',
      carrier: 'T-MOBILE USA, INC.',
      carrier_fee: '0.0025',
      rate: '0.0015',
      cost: '0.0040',
      currency: 'USD',
      created_at: '2025-03-01T12:29:00.000Z',
      sent_at: '2025-03-01T12:29:00.000Z',
    });
    const second = await list(org.id, { page: 2 }, auth);
    expect(second.body.records.map((item: { uuid: string }) => item.uuid)).toEqual(
      saved
        .slice(0, 5)
        .reverse()
        .map((item) => item.id),
    );
    const small = await list(org.id, { page: 3, page_size: 10 }, auth);
    expect(small.body).toMatchObject({ page: 3, page_size: 10, total_pages: 3 });
    expect(small.body.records).toHaveLength(10);
    const beyond = await list(org.id, { page: 4, page_size: 10 }, auth);
    expect(beyond.body).toMatchObject({ records: [], total_records: 30, total_pages: 3 });
    expect((await list(org.id, { page_size: 100 }, auth)).body.records).toHaveLength(30);
  });

  it('answers an empty first page for an organization without records', async () => {
    const { org, auth } = await orgWithAdmin();
    expect((await list(org.id, {}, auth)).body).toEqual({
      records: [],
      page: 1,
      page_size: 25,
      total_records: 0,
      total_pages: 0,
    });
  });

  it('filters by direction', async () => {
    const { org, auth } = await orgWithAdmin();
    const now = new Date();
    await insert([
      record(org.id, now, 'inbound'),
      record(org.id, now, 'outbound'),
      record(org.id, now, 'outbound'),
    ]);
    const inbound = await list(org.id, { direction: 'inbound' }, auth);
    expect(inbound.body.total_records).toBe(1);
    expect(inbound.body.records[0].direction).toBe('inbound');
    expect((await list(org.id, { direction: 'outbound' }, auth)).body.total_records).toBe(2);
  });

  it('filters an explicit date range, both days included, in the organization’s timezone', async () => {
    const { org, auth } = await orgWithAdmin('America/New_York');
    const saved = await insert(
      [
        '2025-01-10T04:59:59Z',
        '2025-01-10T05:00:00Z',
        '2025-01-12T04:59:59Z',
        '2025-01-12T05:00:00Z',
      ].map((at) => record(org.id, new Date(at))),
    );
    const response = await list(org.id, { date_range: '2025-01-10/2025-01-11' }, auth);
    expect(response.body.records.map((item: { uuid: string }) => item.uuid)).toEqual([
      saved[2].id,
      saved[1].id,
    ]);
  });

  it('filters named ranges by the organization’s days', async () => {
    const { org, auth } = await orgWithAdmin('Asia/Tokyo');
    const now = Date.now();
    await insert([
      record(org.id, new Date(now - 1000)),
      record(org.id, new Date(now - 49 * 3600_000)),
    ]);
    const today = await list(org.id, { date_range: 'today' }, auth);
    expect(today.body.total_records).toBe(1);
    const week = await list(org.id, { date_range: 'last_7_days', direction: 'outbound' }, auth);
    expect(week.body.total_records).toBe(2);
  });

  it.each([
    ['page 0', { page: 0 }, 'page'],
    ['a negative page', { page: -1 }, 'page'],
    ['a page that is not a number', { page: 'two' }, 'page'],
    ['a fractional page', { page: '1.5' }, 'page'],
    ['a repeated page', { page: [1, 2] }, 'page'],
    ['page_size 0', { page_size: 0 }, 'page_size'],
    ['page_size above 100', { page_size: 101 }, 'page_size'],
    ['a page_size that is not a number', { page_size: 'all' }, 'page_size'],
    ['an unknown direction', { direction: 'both' }, 'direction'],
    ['an upper-case direction', { direction: 'INBOUND' }, 'direction'],
    ['an unknown date_range', { date_range: 'last_week' }, 'date_range'],
    ['an impossible date', { date_range: '2025-02-30/2025-03-01' }, 'date_range'],
    ['a reversed date_range', { date_range: '2025-03-02/2025-03-01' }, 'date_range'],
    ['an unknown parameter', { limit: 10 }, 'limit'],
  ])('refuses %s with 400', async (_label, query, field) => {
    const { org, auth } = await orgWithAdmin();
    const response = await list(org.id, query, auth);
    expectProblem(response, 400, 'validation-error');
    expect(response.body.errors.map((error: { field: string }) => error.field)).toContain(field);
  });

  it("masks the constituent's number to its last two digits for callers without pii_reader", async () => {
    const { org, auth } = await orgWithAdmin();
    const now = Date.now();
    await insert([record(org.id, new Date(now - 1000), 'inbound'), record(org.id, new Date(now))]);
    const numbers = async (caller: object) =>
      (await list(org.id, {}, caller)).body.records.map(
        ({ direction, cli, cld }: { direction: string; cli: string; cld: string }) => ({
          direction,
          cli,
          cld,
        }),
      );
    const manager = await newMember(api, org.id, { role: 'staff', profiles: ['sms_manager'] });
    expect(await numbers(bearer(api, manager))).toEqual([
      { direction: 'outbound', cli: OWN_NUMBER, cld: '+*********00' },
      { direction: 'inbound', cli: '+*********00', cld: OWN_NUMBER },
    ]);
    const reader = await newMember(api, org.id, {
      role: 'staff',
      profiles: ['sms_manager', 'pii_reader'],
    });
    for (const caller of [auth, bearer(api, reader)]) {
      expect(await numbers(caller)).toEqual([
        { direction: 'outbound', cli: OWN_NUMBER, cld: THEIR_NUMBER },
        { direction: 'inbound', cli: THEIR_NUMBER, cld: OWN_NUMBER },
      ]);
    }
  });

  it('is for org_admin and sms_manager only', async () => {
    const { org } = await orgWithAdmin();
    const manager = await newMember(api, org.id, { role: 'staff', profiles: ['sms_manager'] });
    expect((await list(org.id, {}, bearer(api, manager))).status).toBe(200);
    for (const member of [
      await newMember(api, org.id, { role: 'partner_admin' }),
      await newMember(api, org.id, { role: 'staff', profiles: ['sms_communicator'] }),
      await newMember(api, org.id, { role: 'volunteer' }),
    ]) {
      expectProblem(await list(org.id, {}, bearer(api, member)), 403, 'forbidden');
    }
    expectProblem(await api.http.get(path(org.id)), 401);
  });

  it('is 404 for another organization or an unknown one, 400 for an id that is not a UUID', async () => {
    const { org } = await orgWithAdmin();
    const other = await orgWithAdmin();
    expectProblem(await list(org.id, {}, other.auth), 404, 'not-found');
    expectProblem(await list(randomUUID(), {}, other.auth), 404, 'not-found');
    expectProblem(await list('abc', {}, other.auth), 400, 'validation-error');
  });
});
