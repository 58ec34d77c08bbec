import {
  OrganizationEntity,
  organizationId,
  ProvisioningRepository,
  TenantContext,
} from '@app/database';
import { ProvisioningProcessor } from '@app/jobs';
import {
  bearer,
  eventually,
  expectProblem,
  FakeTelnyxApi,
  LEGAL_DETAILS,
  newConstituent,
  newMember,
  newNeed,
  newPartner,
  newProvisionableOrg,
  startFakeTelnyxApi,
  telnyxSignatureHeaders,
  telnyxTestKeys,
  testPhone,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';
import type { ProvisioningResponseDto } from './provisioning.dto';

const PATH = '/api/organizations/settings/provisioning';
type Auth = { Authorization: string };

describe('Telephony provisioning', () => {
  let api: TestApp;
  let telnyx: FakeTelnyxApi;

  beforeAll(async () => {
    telnyx = await startFakeTelnyxApi();
    telnyx.setDelays({ order: 300, brand: 300, campaign: 300, assignment: 300 });
    api = await startTestApi({
      RUN_WORKERS: 'true',
      SMS_PROVIDER: 'telnyx',
      TELNYX_API_KEY: 'test-telnyx-key',
      TELNYX_API_BASE_URL: telnyx.url,
      PROVISIONING_POLL_SECONDS: '1',
      PUBLIC_API_URL: 'https://api.example.org',
    });
  });
  afterAll(async () => {
    await api.close();
    await telnyx.close();
  });

  const progress = async (auth: Auth) => {
    const response = await api.http.get(PATH).set(auth);
    expect(response.status).toBe(200);
    return response.body;
  };
  /** The record once in `state`; on a timeout, the error shows the record and Telnyx's calls. */
  async function settled(
    auth: Auth,
    state: string,
    timeoutMs = 20_000,
  ): Promise<ProvisioningResponseDto> {
    let last: ProvisioningResponseDto | undefined;
    try {
      return await eventually(async () => {
        last = (await progress(auth)) as ProvisioningResponseDto;
        return last.state === state ? last : undefined;
      }, timeoutMs);
    } catch {
      const calls = telnyx.calls.map((call) => `${call.method} ${call.path} ${call.status}`);
      throw new Error(`Not ${state}: ${JSON.stringify(last)}\n${calls.slice(-20).join('\n')}`);
    }
  }
  const settings = async (orgId: string) =>
    api.dataSource.getRepository(OrganizationEntity).findOneByOrFail({ id: orgId });
  /** The brands registered at the fake for the organization (refused calls excluded). */
  const brandsOf = (orgId: string) =>
    telnyx.account.brands.filter((brand) => brand.input.referenceId === orgId);
  const ordersOf = (orgId: string) =>
    telnyx.account.orders.filter((order) => order.customerReference === orgId);

  it('takes a new organization to a registered number that delivers an SMS', async () => {
    const { org, admin, auth } = await newProvisionableOrg(api);
    expect(await progress(auth)).toMatchObject({
      state: 'NOT_STARTED',
      phoneNumber: null,
      startedAt: null,
    });

    const started = await api.http.post(PATH).set(auth).send({});
    expect(started.status).toBe(202);
    expect(started.body.state).toMatch(/RUNNING|WAITING/);
    expect(started.body.steps.map((step: { name: string }) => step.name)).toEqual([
      'messaging_profile',
      'phone_number',
      'brand',
      'campaign',
      'campaign_number',
    ]);

    const done = await settled(auth, 'COMPLETED');
    expect(done.completedAt).toEqual(expect.any(String));
    expect(done.steps.every((step) => step.status === 'DONE')).toBe(true);
    expect(done.phoneNumber).toMatch(/^\+1312\d{7}$/);

    const organization = await settings(org.id);
    expect(organization).toMatchObject({
      profileStatus: 'active',
      phoneStatus: 'assigned',
      phoneNumber: done.phoneNumber,
      tcrBrandStatus: 'verified',
      tcrCampaignStatus: 'verified',
      tcrStatus: 'VERIFIED',
      tcrBrandId: done.steps[2].providerId,
      tcrCampaignId: done.steps[3].providerId,
      provisioningError: null,
      provisioningStepErrors: {},
    });
    const [profile] = telnyx.account.profiles.filter((candidate) =>
      candidate.name.includes(org.id),
    );
    expect(profile).toMatchObject({
      webhook_url: 'https://api.example.org/api/webhooks/telnyx',
      whitelisted_destinations: ['US'],
    });
    const [number] = telnyx.account.numbers.filter(
      (candidate) => candidate.phone_number === done.phoneNumber,
    );
    expect(number.messaging_profile_id).toBe(profile.id);
    expect(ordersOf(org.id)).toHaveLength(1);
    expect(brandsOf(org.id)).toHaveLength(1);
    expect(brandsOf(org.id)[0].input).toMatchObject({
      entityType: 'NON_PROFIT',
      companyName: LEGAL_DETAILS.legalName,
      ein: LEGAL_DETAILS.einTaxId,
      vertical: 'NGO',
      postalCode: LEGAL_DETAILS.legalZip,
    });

    const partner = await newPartner(api, org.id);
    const constituent = await newConstituent(api, org.id, { phone: testPhone() });
    const need = await newNeed(api, org.id, partner.id, {
      constituentId: constituent.id,
      householdId: constituent.householdId,
    });
    const sent = await api.http
      .post(`/api/needs/${need.id}/sms`)
      .set(bearer(api, admin))
      .send({ body: 'Your box is ready' });
    expect(sent.status).toBe(202);
    const message = await eventually(async () =>
      telnyx
        .callsTo({ method: 'POST', path: '/v2/messages' })
        .find((call) => call.body.to === constituent.phone && call.status === 200),
    );
    expect(message.body.from).toBe(done.phoneNumber);
  }, 60_000);

  describe('preconditions', () => {
    it('is 400 naming each unset legal field', async () => {
      const { auth } = await newProvisionableOrg(api, { einTaxId: null, legalZip: null });
      const response = await api.http.post(PATH).set(auth).send({});
      expectProblem(response, 400, 'validation-error');
      expect(response.body.errors.map((error: { field: string }) => error.field)).toEqual([
        'einTaxId',
        'legalZip',
      ]);
      expect((await progress(auth)).state).toBe('NOT_STARTED');
    });

    it('is 400 for a malformed existingPhoneNumber or an unknown field', async () => {
      const { auth } = await newProvisionableOrg(api);
      expectProblem(
        await api.http.post(PATH).set(auth).send({ existingPhoneNumber: '555' }),
        400,
        'validation-error',
      );
      expectProblem(
        await api.http.post(PATH).set(auth).send({ state: 'COMPLETED' }),
        400,
        'validation-error',
      );
    });

    it('is 409 provisioning-in-progress while a run waits', async () => {
      telnyx.account.holdOrders = true;
      try {
        const { auth } = await newProvisionableOrg(api);
        expect((await api.http.post(PATH).set(auth).send({})).status).toBe(202);
        const waiting = await settled(auth, 'WAITING');
        expect(waiting.steps[1]).toMatchObject({ name: 'phone_number', status: 'WAITING' });
        expectProblem(
          await api.http.post(PATH).set(auth).send({}),
          409,
          'provisioning-in-progress',
        );
      } finally {
        telnyx.account.holdOrders = false;
        telnyx.account.release();
      }
    });

    it('is 401 without a token and 403 for a member without settings:update; sms_manager may read', async () => {
      const { org } = await newProvisionableOrg(api);
      expectProblem(await api.http.post(PATH).send({}), 401);
      expectProblem(await api.http.get(PATH), 401);
      const staff = bearer(api, await newMember(api, org.id, { role: 'staff' }));
      expectProblem(await api.http.post(PATH).set(staff).send({}), 403);
      expectProblem(await api.http.get(PATH).set(staff), 403);
      const manager = bearer(
        api,
        await newMember(api, org.id, { role: 'staff', profiles: ['sms_manager'] }),
      );
      expect((await api.http.get(PATH).set(manager)).status).toBe(200);
      expectProblem(await api.http.post(PATH).set(manager).send({}), 403);
    });
  });

  describe('the settings PUT and the status fields', () => {
    const put = (auth: Auth, org: OrganizationEntity, fields: object) =>
      api.http
        .put('/api/organizations/settings')
        .set(auth)
        .send({ name: org.name, slug: org.slug, ...fields });

    it('accepts them before provisioning starts, then refuses changes with 409 provisioning-managed', async () => {
      const { org, auth } = await newProvisionableOrg(api);
      expect(
        (await put(auth, org, { tcrBrandStatus: 'pending', tcrStatus: 'PENDING' })).status,
      ).toBe(200);
      expect(
        (await put(auth, org, { tcrBrandStatus: 'unregistered', tcrStatus: null })).status,
      ).toBe(200);
      expect((await api.http.post(PATH).set(auth).send({})).status).toBe(202);
      await settled(auth, 'COMPLETED');

      const refused = await put(auth, org, { phoneStatus: 'unassigned', tcrBrandId: 'mine' });
      expectProblem(refused, 409, 'provisioning-managed');
      expect(refused.body.errors.map((error: { field: string }) => error.field)).toEqual([
        'phoneStatus',
        'tcrBrandId',
      ]);
      expect((await settings(org.id)).phoneStatus).toBe('assigned');
      expect(
        (await put(auth, org, { phoneStatus: 'assigned', smsSenderName: 'Northside' })).status,
      ).toBe(200);
    }, 30_000);
  });

  describe('a step that fails stops FAILED, says why, and resumes on POST', () => {
    it.each([
      [
        'messaging_profile',
        {
          method: 'POST',
          path: '/v2/messaging_profiles',
          status: 422,
          detail: 'Name is too long.',
        },
      ],
      [
        'phone_number',
        {
          method: 'POST',
          path: '/v2/number_orders',
          status: 422,
          detail: 'Number is no longer available.',
        },
      ],
      [
        'campaign',
        {
          method: 'POST',
          path: '/v2/10dlc/campaignBuilder',
          status: 422,
          detail: 'sample1 must mention the brand.',
        },
      ],
      [
        'campaign_number',
        {
          method: 'POST',
          path: '/v2/10dlc/phone_number_campaigns',
          status: 422,
          detail: 'Number already in use.',
        },
      ],
    ] as const)(
      '%s: a Telnyx 4xx',
      async (name, fault) => {
        const { org, auth } = await newProvisionableOrg(api);
        telnyx.fail(fault);
        expect((await api.http.post(PATH).set(auth).send({})).status).toBe(202);
        const failed = await settled(auth, 'FAILED');
        const index = failed.steps.findIndex((candidate) => candidate.name === name);
        const step = failed.steps[index];
        expect(step).toMatchObject({
          status: 'FAILED',
          attempts: 1,
          error: expect.stringContaining(fault.detail),
        });
        const organization = await settings(org.id);
        expect(organization.provisioningError).toContain(fault.detail);
        expect(organization.provisioningStepErrors[name]).toEqual({
          code: '10015',
          detail: `Telnyx answered 422: ${fault.detail}`,
          attempts: 1,
          at: expect.any(String),
        });
        const earlier = failed.steps.slice(0, index);
        expect(earlier.every((candidate) => candidate.status === 'DONE')).toBe(true);

        expect((await api.http.post(PATH).set(auth).send({})).status).toBe(202);
        const done = await settled(auth, 'COMPLETED');
        expect(done.steps[index].attempts).toBe(2);
        expect(done.steps.filter((candidate) => candidate.attempts > 1)).toHaveLength(1);
        const resumed = await settings(org.id);
        expect(resumed.provisioningError).toBeNull();
        expect(resumed.provisioningStepErrors).toEqual({});
        expect(ordersOf(org.id).filter((order) => order.customerReference === org.id)).toHaveLength(
          1,
        );
        expect(brandsOf(org.id)).toHaveLength(1);
      },
      40_000,
    );

    it('phone_number: an order Telnyx fails; the resume orders once more', async () => {
      const { org, auth } = await newProvisionableOrg(api);
      telnyx.account.failOrders = true;
      try {
        expect((await api.http.post(PATH).set(auth).send({})).status).toBe(202);
        await settled(auth, 'FAILED');
      } finally {
        telnyx.account.failOrders = false;
      }
      const failed = await settings(org.id);
      expect(failed.phoneStatus).toBe('failed');
      expect(failed.provisioningStepErrors.phone_number).toMatchObject({
        code: 'number-order-failed',
      });
      expect((await api.http.post(PATH).set(auth).send({})).status).toBe(202);
      await settled(auth, 'COMPLETED');
      expect(ordersOf(org.id)).toHaveLength(2);
      expect((await settings(org.id)).phoneStatus).toBe('assigned');
    }, 40_000);

    it('brand: rejected by the registry; corrected in place on resume, never registered twice', async () => {
      const { org, auth } = await newProvisionableOrg(api);
      telnyx.account.brandRejection = 'EIN does not match the legal name';
      try {
        expect((await api.http.post(PATH).set(auth).send({})).status).toBe(202);
        await settled(auth, 'FAILED');
      } finally {
        telnyx.account.brandRejection = null;
      }
      const failed = await settings(org.id);
      expect(failed).toMatchObject({ tcrBrandStatus: 'failed', tcrStatus: 'FAILED' });
      expect(failed.provisioningError).toMatch(
        /^The brand was rejected: EIN does not match the legal name; correct the legal details/,
      );
      expect(failed.provisioningStepErrors.brand).toMatchObject({
        code: 'brand-rejected',
        attempts: 1,
      });

      await api.http
        .put('/api/organizations/settings')
        .set(auth)
        .send({ name: org.name, slug: org.slug, einTaxId: '98-7654321' })
        .expect(200);
      expect((await api.http.post(PATH).set(auth).send({})).status).toBe(202);
      await settled(auth, 'COMPLETED');
      expect(brandsOf(org.id)).toHaveLength(1);
      const corrections = telnyx.callsTo({
        method: 'PUT',
        path: `/v2/10dlc/brand/${failed.tcrBrandId}`,
      });
      expect(corrections).toHaveLength(1);
      expect(corrections[0].body.ein).toBe('98-7654321');
      expect(await settings(org.id)).toMatchObject({
        tcrBrandStatus: 'verified',
        tcrStatus: 'VERIFIED',
      });
    }, 40_000);
  });

  describe('transient provider failures', () => {
    it('retries 5xx with backoff, keeping one brand', async () => {
      const { org, auth } = await newProvisionableOrg(api);
      telnyx.fail({ method: 'POST', path: '/v2/10dlc/brand', status: 503, count: 2 });
      expect((await api.http.post(PATH).set(auth).send({})).status).toBe(202);
      const done = await settled(auth, 'COMPLETED', 30_000);
      expect(done.steps[2]).toMatchObject({ name: 'brand', attempts: 3 });
      expect(brandsOf(org.id)).toHaveLength(1);
      expect((await settings(org.id)).provisioningStepErrors).toEqual({});
    }, 40_000);

    it('honours Retry-After on 429', async () => {
      const { auth } = await newProvisionableOrg(api);
      const before = telnyx.calls.length;
      telnyx.fail({
        method: 'GET',
        path: '/v2/available_phone_numbers',
        status: 429,
        retryAfter: 3,
      });
      expect((await api.http.post(PATH).set(auth).send({})).status).toBe(202);
      await settled(auth, 'COMPLETED', 30_000);
      const searches = telnyx.calls
        .slice(before)
        .filter((call) => call.path === '/v2/available_phone_numbers');
      expect(searches.map((call) => call.status)).toEqual([429, 200]);
      expect(searches[1].at - searches[0].at).toBeGreaterThanOrEqual(3000);
    }, 40_000);
  });

  describe('crash safety: an answer lost after Telnyx acted (as when the worker dies mid-call)', () => {
    it('finds the order by customer_reference and the brand by referenceId instead of creating them again', async () => {
      const { org, auth } = await newProvisionableOrg(api);
      telnyx.loseAnswers({ method: 'POST', path: '/v2/number_orders' });
      telnyx.loseAnswers({ method: 'POST', path: '/v2/10dlc/brand' });
      telnyx.loseAnswers({ method: 'POST', path: '/v2/messaging_profiles' });
      expect((await api.http.post(PATH).set(auth).send({})).status).toBe(202);
      await settled(auth, 'COMPLETED', 30_000);
      expect(ordersOf(org.id)).toHaveLength(1);
      expect(
        telnyx.account.brands.filter((brand) => brand.input.referenceId === org.id),
      ).toHaveLength(1);
      expect(
        telnyx.account.profiles.filter((profile) => profile.name.includes(org.id)),
      ).toHaveLength(1);
    }, 40_000);
  });

  it('sends the job of a run whose job was lost again (the sweep)', async () => {
    const { org, auth } = await newProvisionableOrg(api);
    // A start whose job was never sent (the API died between its commit and the send), ten minutes on.
    const tenant = api.app.get(TenantContext);
    await tenant.run(organizationId(org.id), () =>
      api.app.get(ProvisioningRepository).startOrResume(organizationId(org.id), null),
    );
    await api.dataSource.query(
      `UPDATE telephony_provisioning SET next_run_at = next_run_at - interval '10 minutes'
        WHERE organization_id = $1`,
      [org.id],
    );
    expect((await progress(auth)).state).toBe('RUNNING');
    await api.app.get(ProvisioningProcessor).sweep();
    await settled(auth, 'COMPLETED');
  }, 30_000);

  it('adopts a number the Telnyx account already owns instead of ordering one', async () => {
    const { org, auth } = await newProvisionableOrg(api);
    const owned = telnyx.account.own(testPhone('312'));
    const started = await api.http
      .post(PATH)
      .set(auth)
      .send({ existingPhoneNumber: owned.phone_number });
    expect(started.status).toBe(202);
    const done = await settled(auth, 'COMPLETED');
    expect(done.phoneNumber).toBe(owned.phone_number);
    expect(ordersOf(org.id)).toHaveLength(0);
    expect(owned.messaging_profile_id).toEqual(expect.any(String));
    expect(
      telnyx.account.assignments.find(
        (assignment) => assignment.phoneNumber === owned.phone_number,
      ),
    ).toBeDefined();
  }, 30_000);

  it('fails the number step when the account does not own the adopted number', async () => {
    const { auth } = await newProvisionableOrg(api);
    await api.http.post(PATH).set(auth).send({ existingPhoneNumber: '+13125550999' }).expect(202);
    const failed = await settled(auth, 'FAILED');
    expect(failed.steps[1].error).toMatch(/does not own \+13125550999/);
  });
});

describe('Telephony provisioning: webhooks and other providers', () => {
  let api: TestApp;
  let telnyx: FakeTelnyxApi;
  const keys = telnyxTestKeys();

  beforeAll(async () => {
    telnyx = await startFakeTelnyxApi();
    api = await startTestApi({
      RUN_WORKERS: 'true',
      SMS_PROVIDER: 'telnyx',
      TELNYX_API_KEY: 'test-telnyx-key',
      TELNYX_API_BASE_URL: telnyx.url,
      TELNYX_PUBLIC_KEY: keys.publicKey,
    });
  });
  afterAll(async () => {
    await api.close();
    await telnyx.close();
  });

  const state = async (auth: Auth) => (await api.http.get(PATH).set(auth)).body;

  it('a number order event advances a waiting run at once (the poll is 15 minutes away)', async () => {
    telnyx.account.holdOrders = true;
    const { auth } = await newProvisionableOrg(api);
    await api.http.post(PATH).set(auth).send({}).expect(202);
    const waiting = await eventually(async () => {
      const body = await state(auth);
      return body.state === 'WAITING' ? body : undefined;
    });
    const orderId = waiting.steps[1].providerId;
    telnyx.account.holdOrders = false;
    telnyx.account.release();

    const unsigned = JSON.stringify({
      data: { event_type: 'number_order.complete', payload: { id: orderId } },
    });
    await api.http
      .post('/api/webhooks/telnyx')
      .set({ 'content-type': 'application/json' })
      .send(unsigned)
      .expect(401);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await state(auth)).state).toBe('WAITING');

    const event = JSON.stringify({
      data: {
        record_type: 'event',
        id: 'evt-1',
        event_type: 'number_order.complete',
        occurred_at: new Date().toISOString(),
        payload: { record_type: 'number_order', id: orderId, status: 'success' },
      },
    });
    await api.http
      .post('/api/webhooks/telnyx')
      .set(telnyxSignatureHeaders(keys.privateKey, event))
      .send(event)
      .expect(200);
    const done = await eventually(async () => {
      const body = await state(auth);
      return body.state === 'COMPLETED' ? body : undefined;
    });
    expect(done.phoneNumber).toMatch(/^\+1312/);
  }, 30_000);

  describe('the SMS gate', () => {
    async function needOf(orgId: string) {
      const partner = await newPartner(api, orgId);
      const constituent = await newConstituent(api, orgId, { phone: testPhone() });
      return newNeed(api, orgId, partner.id, {
        constituentId: constituent.id,
        householdId: constituent.householdId,
      });
    }

    it.each([
      [
        { phoneNumber: null },
        /an assigned phone number \(phoneStatus is unassigned\) and a verified 10DLC registration \(tcrStatus is unset\)/,
      ],
      [
        { phoneNumber: '+13125550111', phoneStatus: 'assigned', tcrStatus: 'PENDING' },
        /a verified 10DLC registration \(tcrStatus is PENDING\)/,
      ],
      [
        {
          phoneNumber: '+13125550112',
          phoneStatus: 'assigned',
          tcrStatus: 'VERIFIED',
          orgStatus: 'DISABLED' as const,
        },
        /disabled/,
      ],
    ])('refuses %j with 409 sms-not-ready', async (fields, detail) => {
      const { org, auth } = await newProvisionableOrg(api, fields);
      const need = await needOf(org.id);
      const response = await api.http
        .post(`/api/needs/${need.id}/sms`)
        .set(auth)
        .send({ body: 'Hello' });
      expectProblem(response, 409, 'sms-not-ready');
      expect(response.body.detail).toMatch(detail);
    });
  });
});

describe('Telephony provisioning without Telnyx', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ SMS_PROVIDER: 'log' });
  });
  afterAll(() => api.close());

  it('is 409 provisioning-unavailable, checked before the legal fields', async () => {
    const { auth } = await newProvisionableOrg(api, { legalName: null });
    expectProblem(await api.http.post(PATH).set(auth).send({}), 409, 'provisioning-unavailable');
    expect((await api.http.get(PATH).set(auth)).body.state).toBe('NOT_STARTED');
  });

  it('refuses SMS from a DISABLED organization whatever the provider', async () => {
    const { org, auth } = await newProvisionableOrg(api, { orgStatus: 'DISABLED' });
    const partner = await newPartner(api, org.id);
    const constituent = await newConstituent(api, org.id, { phone: testPhone() });
    const need = await newNeed(api, org.id, partner.id, {
      constituentId: constituent.id,
      householdId: constituent.householdId,
    });
    expectProblem(
      await api.http.post(`/api/needs/${need.id}/sms`).set(auth).send({ body: 'Hi' }),
      409,
      'sms-not-ready',
    );
  });
});
