import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AssistClient, AssistClientModule, AssistProblemError } from '@assist/client';
import { newMember, newOrgWithAdmin, newPartner, TEST_PASSWORD, TestApp } from '@app/testing';
import { startTestApi } from '../apps/api/test/test-api';

/** @assist/client against the real API over HTTP. */
describe('@assist/client', () => {
  let api: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    api = await startTestApi();
    await api.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(api.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(() => api.close());

  async function organization() {
    const { org, admin } = await newOrgWithAdmin(api);
    const partner = await newPartner(api, org.id, { isDefault: true });
    return { org, partner, credentials: { email: admin.email, password: TEST_PASSWORD } };
  }

  /** A fetch that records each request's method, path and Authorization header. */
  function recordingFetch(log: string[], tamper?: (authorization: string) => string): typeof fetch {
    return (url, init) => {
      const headers = { ...(init?.headers as Record<string, string>) };
      if (tamper && headers.authorization) headers.authorization = tamper(headers.authorization);
      log.push(
        `${init?.method} ${new URL(String(url)).pathname} ${headers.authorization ? 'token' : '-'}`,
      );
      return fetch(url, { ...init, headers });
    };
  }

  it('logs in, then calls operations with the token: path, query and body fields side by side', async () => {
    const { org, credentials } = await organization();
    const client = new AssistClient({ baseUrl });
    await client.login(credentials);

    expect((await client.getCurrentMember()).organizationId).toBe(org.id);
    const partner = await client.createPartner({ name: 'Food Bank East', slaHours: 48 });
    const updated = await client.updatePartner({
      id: partner.id,
      name: 'Food Bank West',
      slaHours: 24,
    });
    expect(updated).toMatchObject({ id: partner.id, name: 'Food Bank West', slaHours: 24 });
    const need = await client.createNeed({
      description: 'Groceries for a family of four',
      partnerId: partner.id,
    });
    expect(await client.listNeeds({ partnerId: partner.id, status: ['NEW', 'ACCEPTED'] })).toEqual([
      expect.objectContaining({ id: need.id, status: 'NEW' }),
    ]);
    expect(await client.listNeeds({ partnerId: partner.id, status: ['RESOLVED'] })).toEqual([]);
  });

  it('sends Idempotency-Key: a repeated public intake is one need', async () => {
    const { org } = await organization();
    const client = new AssistClient({ baseUrl });
    const form = { organizationId: org.id, description: 'We need a ride to the clinic' };
    const idempotencyKey = randomUUID();
    const first = await client.createPublicNeed(form, { idempotencyKey });
    const again = await client.createPublicNeed(form, { idempotencyKey });
    expect(again).toEqual(first);
    expect(Object.keys(first).sort()).toEqual([
      'id',
      'referenceNumber',
      'slaHours',
      'surveyLink',
      'surveyToken',
    ]);
  });

  it('throws problem details as AssistProblemError, with the code and the fields', async () => {
    const { credentials } = await organization();
    const client = new AssistClient({ baseUrl, credentials });
    const missing = await client.getNeed({ id: randomUUID() }).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(AssistProblemError);
    expect(missing).toMatchObject({ status: 404, code: 'not-found' });

    const invalid = await client
      .createPartner({ name: '', slaHours: -1 })
      .catch((error: unknown) => error as AssistProblemError);
    expect(invalid).toMatchObject({ status: 400, code: 'validation-error' });
    expect((invalid as AssistProblemError).errors.map((e) => e.field).sort()).toEqual([
      'name',
      'slaHours',
    ]);

    const anonymous = new AssistClient({ baseUrl });
    await expect(anonymous.listPartners()).rejects.toMatchObject({ status: 401 });
  });

  it('with credentials, logs in at the first call; after a 401 it renews the token once and retries', async () => {
    const { credentials } = await organization();
    const log: string[] = [];
    let tampered = 0;
    const client = new AssistClient({
      baseUrl,
      credentials,
      fetch: recordingFetch(log, (authorization) =>
        tampered++ === 0 ? `${authorization}x` : authorization,
      ),
    });
    const partners = await client.listPartners();
    expect(partners).toHaveLength(1);
    expect(log).toEqual([
      'POST /api/auth/login -',
      'GET /api/partners token',
      'POST /api/auth/refresh -',
      'GET /api/partners token',
    ]);
  });

  it('after logout, a client with credentials logs in again; one without answers 401', async () => {
    const { credentials } = await organization();
    const withCredentials = new AssistClient({ baseUrl, credentials });
    await withCredentials.listPartners();
    await withCredentials.logout();
    await expect(withCredentials.listPartners()).resolves.toHaveLength(1);

    const plain = new AssistClient({ baseUrl });
    await plain.login(credentials);
    await plain.logout();
    await expect(plain.listPartners()).rejects.toMatchObject({ status: 401 });
  });

  it('pages through a list by its Link header', async () => {
    const { credentials, partner } = await organization();
    const client = new AssistClient({ baseUrl, credentials });
    const created = [];
    for (const description of ['Rent help', 'Food', 'Heating', 'School supplies', 'Clothing']) {
      created.push((await client.createNeed({ description, partnerId: partner.id })).id);
    }
    const seen = [];
    for await (const need of client.paginate('listNeeds', { limit: 2 })) seen.push(need.id);
    expect(seen.sort()).toEqual(created.sort());
  });

  it('is provided to Nest services by AssistClientModule (forRoot and forRootAsync)', async () => {
    const { credentials } = await organization();
    @Injectable()
    class Settings {
      readonly assist = { baseUrl, credentials };
    }
    @Module({ providers: [Settings], exports: [Settings] })
    class SettingsModule {}

    const direct = await Test.createTestingModule({
      imports: [AssistClientModule.forRoot({ baseUrl, credentials })],
    }).compile();
    await expect(direct.get(AssistClient).listPartners()).resolves.toHaveLength(1);

    const configured = await Test.createTestingModule({
      imports: [
        AssistClientModule.forRootAsync({
          imports: [SettingsModule],
          inject: [Settings],
          useFactory: (settings: Settings) => settings.assist,
        }),
      ],
    }).compile();
    await expect(configured.get(AssistClient).getCurrentMember()).resolves.toMatchObject({
      email: credentials.email,
    });
  });

  it('lets a member of several organizations name one at login', async () => {
    const first = await organization();
    const second = await newOrgWithAdmin(api);
    await newMember(api, second.org.id, { email: first.credentials.email });
    const client = new AssistClient({ baseUrl });
    await client.login({ ...first.credentials, organization: second.org.slug });
    expect((await client.getCurrentMember()).organizationId).toBe(second.org.id);
  });
});
