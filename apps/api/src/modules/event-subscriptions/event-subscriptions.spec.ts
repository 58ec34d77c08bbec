import {
  bearer,
  expectProblem,
  newMember,
  newNeed,
  newOrgWithAdmin,
  newPartner,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

const PATH = '/api/webhooks/subscriptions';
/** TEST-NET-3: a public address, so no DNS lookup is needed. */
const PUBLIC_URL = 'https://203.0.113.10/hooks';

type Auth = Record<string, string>;

describe('event subscriptions', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const create = (auth: Auth, body: object) => api.http.post(PATH).set(auth).send(body);

  it('creates a subscription and shows its secret once, stored only encrypted', async () => {
    const { auth } = await newOrgWithAdmin(api);
    const created = await create(auth, {
      url: PUBLIC_URL,
      events: ['need.created', 'need.status_changed'],
      description: 'CRM sync',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      url: PUBLIC_URL,
      events: ['need.created', 'need.status_changed'],
      description: 'CRM sync',
      isActive: true,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      createdAt: expect.stringMatching(/Z$/),
    });
    expect(created.headers.location).toBe(`${PATH}/${created.body.id}`);

    const [stored] = await api.dataSource.query(
      `SELECT secret_ciphertext FROM webhook_subscription WHERE id = $1`,
      [created.body.id],
    );
    const secretBytes = Buffer.from(created.body.secret.slice('whsec_'.length), 'base64');
    expect(stored.secret_ciphertext.includes(secretBytes)).toBe(false);
    expect(stored.secret_ciphertext.toString('latin1')).not.toContain(created.body.secret);

    const shown = { ...created.body };
    delete shown.secret;
    const one = await api.http.get(`${PATH}/${created.body.id}`).set(auth);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(shown);
    const all = await api.http.get(PATH).set(auth);
    expect(all.status).toBe(200);
    expect(all.body).toEqual([shown]);
  });

  it('changes, pauses and deletes a subscription', async () => {
    const { auth } = await newOrgWithAdmin(api);
    const { id } = (await create(auth, { url: PUBLIC_URL, events: ['need.created'] })).body;
    const changed = await api.http
      .patch(`${PATH}/${id}`)
      .set(auth)
      .send({ events: ['need.assigned'], description: 'Assignments', isActive: false });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id,
      url: PUBLIC_URL,
      events: ['need.assigned'],
      description: 'Assignments',
      isActive: false,
    });
    expect(changed.body.secret).toBeUndefined();
    const moved = await api.http
      .patch(`${PATH}/${id}`)
      .set(auth)
      .send({ url: 'https://203.0.113.11/other', description: null });
    expect(moved.body).toMatchObject({ url: 'https://203.0.113.11/other', description: null });

    expect((await api.http.delete(`${PATH}/${id}`).set(auth)).status).toBe(204);
    expectProblem(await api.http.get(`${PATH}/${id}`).set(auth), 404, 'not-found');
    expectProblem(await api.http.delete(`${PATH}/${id}`).set(auth), 404, 'not-found');
  });

  it('409 subscription-limit for a 26th subscription of an organization', async () => {
    const { auth } = await newOrgWithAdmin(api);
    const ids: string[] = [];
    for (let index = 0; index < 25; index++) {
      const created = await create(auth, { url: PUBLIC_URL, events: ['need.created'] });
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    const refused = await create(auth, { url: PUBLIC_URL, events: ['need.created'] });
    expectProblem(refused, 409, 'subscription-limit');
    expect(refused.body).toEqual({
      type: '/problems/subscription-limit',
      title: 'Event subscription limit reached',
      status: 409,
      detail: 'An organization has at most 25 event subscriptions: delete one to add another',
      instance: PATH,
    });
    expect((await api.http.get(PATH).set(auth)).body).toHaveLength(25);

    const other = await newOrgWithAdmin(api);
    expect((await create(other.auth, { url: PUBLIC_URL, events: ['need.created'] })).status).toBe(
      201,
    );
    expect((await api.http.delete(`${PATH}/${ids[0]}`).set(auth)).status).toBe(204);
    expect((await create(auth, { url: PUBLIC_URL, events: ['need.created'] })).status).toBe(201);
  });

  it('holds the limit under concurrent creates: 30 at once leave exactly 25', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => create(auth, { url: PUBLIC_URL, events: ['need.created'] })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(25);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(5);
    for (const answer of refused) expectProblem(answer, 409, 'subscription-limit');
    const [{ count }] = await api.dataSource.query(
      `SELECT count(*)::int AS count FROM webhook_subscription WHERE organization_id = $1`,
      [org.id],
    );
    expect(count).toBe(25);
  });

  describe('refuses URLs the address guard refuses, naming url', () => {
    it.each([
      ['http://203.0.113.10/hooks', /https/],
      ['http://no-such-host.invalid/hooks', /https/],
      ['https://127.0.0.1/hooks', /loopback/],
      ['https://10.1.2.3/hooks', /private/],
      ['https://[::ffff:192.168.0.1]/hooks', /private/],
      ['https://169.254.169.254/latest', /metadata/],
      ['https://user:pass@203.0.113.10/hooks', /credentials/],
      ['ftp://203.0.113.10/hooks', /https/],
      ['not a url', /absolute URL/],
    ])('%s', async (url, message) => {
      const { auth } = await newOrgWithAdmin(api);
      const refused = await create(auth, { url, events: ['need.created'] });
      expectProblem(refused, 400, 'validation-error');
      expect(refused.body.errors).toEqual([
        { field: 'url', message: expect.stringMatching(message) },
      ]);

      const { id } = (await create(auth, { url: PUBLIC_URL, events: ['need.created'] })).body;
      const patched = await api.http.patch(`${PATH}/${id}`).set(auth).send({ url });
      expectProblem(patched, 400, 'validation-error');
      expect(patched.body.errors).toEqual([
        { field: 'url', message: expect.stringMatching(message) },
      ]);
      expect((await api.http.get(`${PATH}/${id}`).set(auth)).body.url).toBe(PUBLIC_URL);
    });
  });

  it('answers a name resolving to loopback exactly as a name that does not resolve', async () => {
    const { auth } = await newOrgWithAdmin(api);
    const { id } = (await create(auth, { url: PUBLIC_URL, events: ['need.created'] })).body;
    const refusals = await Promise.all(
      ['https://localhost/hooks', 'https://nowhere.invalid/hooks'].map(async (url) =>
        [
          await create(auth, { url, events: ['need.created'] }),
          await api.http.patch(`${PATH}/${id}`).set(auth).send({ url }),
        ].map(({ status, body }) => ({ status, body })),
      ),
    );
    expect(refusals[0]).toEqual(refusals[1]);
    expect(refusals[0][0]).toMatchObject({ status: 400, body: { status: 400 } });
    expect(JSON.stringify(refusals[0])).not.toMatch(/localhost|nowhere|loopback/);
  });

  it.each([
    [{ url: PUBLIC_URL, events: [] }, 'events'],
    [{ url: PUBLIC_URL, events: ['need.deleted'] }, 'events'],
    [{ url: PUBLIC_URL, events: ['need.created', 'need.created'] }, 'events'],
    [{ url: PUBLIC_URL }, 'events'],
    [{ events: ['need.created'] }, 'url'],
    [{ url: PUBLIC_URL, events: ['need.created'], secret: 'whsec_mine' }, 'secret'],
    [{ url: PUBLIC_URL, events: ['need.created'], description: 'x'.repeat(501) }, 'description'],
  ])('400 naming the field (case %#)', async (body, field) => {
    const { auth } = await newOrgWithAdmin(api);
    const refused = await create(auth, body);
    expectProblem(refused, 400, 'validation-error');
    expect(refused.body.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field })]),
    );
  });

  it('400 for a PATCH setting isActive or url to null, and for a bad id', async () => {
    const { auth } = await newOrgWithAdmin(api);
    const { id } = (await create(auth, { url: PUBLIC_URL, events: ['need.created'] })).body;
    expectProblem(
      await api.http.patch(`${PATH}/${id}`).set(auth).send({ isActive: null }),
      400,
      'validation-error',
    );
    expectProblem(
      await api.http.patch(`${PATH}/${id}`).set(auth).send({ url: null }),
      400,
      'validation-error',
    );
    expectProblem(await api.http.get(`${PATH}/not-a-uuid`).set(auth), 400, 'validation-error');
  });

  it('401 without a token, 403 for roles other than org_admin', async () => {
    expectProblem(await api.http.get(PATH), 401);
    expectProblem(await api.http.post(PATH).send({}), 401);
    const { org } = await newOrgWithAdmin(api);
    for (const role of ['partner_admin', 'staff', 'volunteer'] as const) {
      const member = await newMember(api, org.id, { role });
      expectProblem(await api.http.get(PATH).set(bearer(api, member)), 403, 'forbidden');
      expectProblem(
        await create(bearer(api, member), { url: PUBLIC_URL, events: ['need.created'] }),
        403,
        'forbidden',
      );
    }
  });

  it("404 for another organization's subscription, which stays untouched", async () => {
    const owner = await newOrgWithAdmin(api);
    const other = await newOrgWithAdmin(api);
    const { id } = (await create(owner.auth, { url: PUBLIC_URL, events: ['need.created'] })).body;
    expectProblem(await api.http.get(`${PATH}/${id}`).set(other.auth), 404, 'not-found');
    expectProblem(
      await api.http.patch(`${PATH}/${id}`).set(other.auth).send({ isActive: false }),
      404,
      'not-found',
    );
    expectProblem(await api.http.delete(`${PATH}/${id}`).set(other.auth), 404, 'not-found');
    expectProblem(await api.http.get(`${PATH}/${id}/deliveries`).set(other.auth), 404, 'not-found');
    expect((await api.http.get(PATH).set(other.auth)).body).toEqual([]);
    expect((await api.http.get(`${PATH}/${id}`).set(owner.auth)).body.isActive).toBe(true);
  });

  it('lists deliveries newest first, in pages linked by a cursor', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    const { id } = (await create(auth, { url: PUBLIC_URL, events: ['need.created'] })).body;
    const partner = await newPartner(api, org.id);
    const needs = [];
    for (let index = 0; index < 3; index++) needs.push(await newNeed(api, org.id, partner.id));

    const first = await api.http.get(`${PATH}/${id}/deliveries`).set(auth).query({ limit: 2 });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(2);
    expect(first.body[0]).toEqual({
      id: expect.any(String),
      eventId: expect.any(String),
      eventType: 'need.created',
      status: 'PENDING',
      attempts: 0,
      responseStatus: null,
      lastError: null,
      createdAt: expect.stringMatching(/Z$/),
      deliveredAt: null,
    });
    const next = /^<([^>]+)>; rel="next"$/.exec(first.headers.link)?.[1];
    expect(next).toMatch(/cursor=/);
    const second = await api.http.get(next!).set(auth);
    expect(second.body).toHaveLength(1);
    expect(second.headers.link).toBeUndefined();

    const [...events] = await api.dataSource.query(
      `SELECT e.id, e.data->>'needId' AS "needId" FROM webhook_event e
        WHERE organization_id = $1 ORDER BY created_at DESC`,
      [org.id],
    );
    expect(events.map((event: { needId: string }) => event.needId).sort()).toEqual(
      needs.map((need) => need.id).sort(),
    );
    expect([...first.body, ...second.body].map((delivery) => delivery.eventId).sort()).toEqual(
      events.map((event: { id: string }) => event.id).sort(),
    );
    expectProblem(
      await api.http.get(`${PATH}/${id}/deliveries`).set(auth).query({ cursor: 'garbage' }),
      400,
      'validation-error',
    );
    expectProblem(
      await api.http.get(`${PATH}/${id}/deliveries`).set(auth).query({ limit: 0 }),
      400,
      'validation-error',
    );
  });
});

describe('event subscriptions with WEBHOOK_ALLOW_PRIVATE_HOSTS', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true' });
  });
  afterAll(() => api.close());

  it('accepts http and private addresses, never the metadata address', async () => {
    const { auth } = await newOrgWithAdmin(api);
    for (const url of ['http://127.0.0.1:9/hooks', 'https://10.1.2.3/hooks']) {
      const created = await api.http
        .post(PATH)
        .set(auth)
        .send({ url, events: ['need.created'] });
      expect(created.status).toBe(201);
    }
    for (const url of ['http://169.254.169.254/latest', 'https://[fd00:ec2::254]/']) {
      const refused = await api.http
        .post(PATH)
        .set(auth)
        .send({ url, events: ['need.created'] });
      expectProblem(refused, 400, 'validation-error');
      expect(refused.body.errors).toEqual([
        { field: 'url', message: expect.stringMatching(/metadata/) },
      ]);
    }
  });
});
