import { IdempotencyKeyRepository, organizationId as trusted, TenantContext } from '@app/database';
import { expectProblem, newOrg, newOrgWithAdmin, newPartner, TestApp } from '@app/testing';
import { startTestApi } from '../../../test/test-api';
import { requestFingerprint } from '../idempotency/request-fingerprint';

describe('Idempotency-Key on need intake', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_PUBLIC_PER_IP: '0' });
  });
  afterAll(() => api.close());

  const submit = (key: string, body: object) =>
    api.http.post('/api/needs/public').set('Idempotency-Key', key).send(body);
  const countNeeds = async (organizationId: string) =>
    Number(
      (
        await api.dataSource.query('SELECT count(*) FROM need WHERE organization_id = $1', [
          organizationId,
        ])
      )[0].count,
    );

  async function organization() {
    const org = await newOrg(api);
    await newPartner(api, org.id, { isDefault: true });
    return org;
  }

  it('replays the first response to the same key and body, without a second need', async () => {
    const org = await organization();
    const body = { organizationId: org.id, description: 'Groceries', customFields: { a: 1, b: 2 } };
    const first = await submit('key-1', body);
    expect(first.status).toBe(201);
    const again = await submit('key-1', {
      customFields: { b: 2, a: 1 },
      description: 'Groceries',
      organizationId: org.id,
    });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.location).toBe(first.headers.location);
    expect(await countNeeds(org.id)).toBe(1);
  });

  it('refuses the same key with a different body with 422', async () => {
    const org = await organization();
    await submit('key-2', { organizationId: org.id, description: 'Groceries' });
    expectProblem(
      await submit('key-2', { organizationId: org.id, description: 'Rent' }),
      422,
      'idempotency-key-reused',
    );
    expect(await countNeeds(org.id)).toBe(1);
  });

  /** Holds the key as a running request does, inside an open transaction of the organization. */
  function holdingKey<T>(
    organizationId: string,
    key: string,
    body: object,
    then: () => Promise<T>,
  ) {
    const tenant = api.app.get(TenantContext);
    return tenant.run(trusted(organizationId), () =>
      tenant.transaction(async () => {
        const claim = await api.app.get(IdempotencyKeyRepository).claim(trusted(organizationId), {
          endpoint: 'POST /api/needs/public',
          key,
          requestHash: requestFingerprint({ params: {}, body }),
        });
        expect(claim).toEqual({ kind: 'claimed' });
        return then();
      }),
    );
  }

  it('answers 409 while the first request with the key is still running', async () => {
    const org = await organization();
    const body = { organizationId: org.id, description: 'Groceries' };
    await holdingKey(org.id, 'key-3', body, async () =>
      expectProblem(await submit('key-3', body), 409, 'idempotency-key-in-use'),
    );
    expect(await countNeeds(org.id)).toBe(0);
  });

  it('runs two concurrent requests with one key only once', async () => {
    const org = await organization();
    const body = { organizationId: org.id, description: 'Groceries' };
    const responses = await Promise.all(Array.from({ length: 5 }, () => submit('key-race', body)));
    expect(
      responses
        .map((response) => response.status)
        .every((status) => status === 201 || status === 409),
    ).toBe(true);
    expect(await countNeeds(org.id)).toBe(1);
  });

  it('scopes keys per organization and endpoint, and lets a key be used again after 24 hours', async () => {
    const org = await organization();
    const other = await organization();
    expect((await submit('shared', { organizationId: org.id, description: 'x' })).status).toBe(201);
    expect((await submit('shared', { organizationId: other.id, description: 'y' })).status).toBe(
      201,
    );
    await api.dataSource.query(
      `UPDATE idempotency_key SET created_at = now() - interval '25 hours' WHERE organization_id = $1`,
      [org.id],
    );
    expect((await submit('shared', { organizationId: org.id, description: 'z' })).status).toBe(201);
    expect(await countNeeds(org.id)).toBe(2);
  });

  it('frees the key when the request fails, so a corrected retry runs', async () => {
    const org = await newOrg(api);
    const failed = await submit('key-4', {
      organizationId: org.id,
      description: 'nobody takes this',
    });
    expectProblem(failed, 400, 'validation-error');
    await newPartner(api, org.id, { isDefault: true });
    expect(
      (await submit('key-4', { organizationId: org.id, description: 'nobody takes this' })).status,
    ).toBe(201);
  });

  it('frees the key when the request holding it dies without an answer', async () => {
    const org = await organization();
    const body = { organizationId: org.id, description: 'Groceries' };
    const crash = holdingKey(org.id, 'key-5', body, () => Promise.reject(new Error('crashed')));
    await expect(crash).rejects.toThrow('crashed');
    expect((await submit('key-5', body)).status).toBe(201);
    expect(await countNeeds(org.id)).toBe(1);
  });

  it('works for staff intake, scoped apart from public intake', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    await newPartner(api, org.id, { isDefault: true });
    const create = () =>
      api.http
        .post('/api/needs')
        .set(auth)
        .set('Idempotency-Key', 'staff-1')
        .send({ description: 'Coat' });
    const first = await create();
    const again = await create();
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await submit('staff-1', { organizationId: org.id, description: 'Coat' })).status).toBe(
      201,
    );
    expect(await countNeeds(org.id)).toBe(2);
  });

  it('runs a request without a key in one transaction too: a failure half-way leaves no row', async () => {
    const org = await organization();
    const countOf = async (table: string) =>
      Number(
        (
          await api.dataSource.query(`SELECT count(*) FROM ${table} WHERE organization_id = $1`, [
            org.id,
          ])
        )[0].count,
      );
    // The contact's household and constituent are written first, then the need fails.
    await api.ownerQuery(`
      CREATE FUNCTION fail_need_insert() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'forced failure'; END $$;
      CREATE TRIGGER fail_need_insert BEFORE INSERT ON need FOR EACH ROW
        WHEN (NEW.organization_id = '${org.id}') EXECUTE FUNCTION fail_need_insert();`);
    try {
      const response = await api.http.post('/api/needs/public').send({
        organizationId: org.id,
        description: 'Groceries',
        contact: { firstName: 'Ana', lastName: 'Silva', email: 'ana.silva@example.org' },
      });
      expectProblem(response, 500);
    } finally {
      await api.ownerQuery(
        'DROP TRIGGER fail_need_insert ON need; DROP FUNCTION fail_need_insert();',
      );
    }
    expect(await countOf('constituent')).toBe(0);
    expect(await countOf('household')).toBe(0);
    expect(await countNeeds(org.id)).toBe(0);
  });

  it('refuses a key longer than 255 characters with 400', async () => {
    const org = await organization();
    const response = await submit('k'.repeat(256), { organizationId: org.id, description: 'x' });
    expectProblem(response, 400, 'validation-error');
  });
});
