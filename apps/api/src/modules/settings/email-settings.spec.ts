import {
  bearer,
  expectProblem,
  FakeEmailApi,
  newMember,
  newOrg,
  newOrgWithAdmin,
  SMTP_SINK_PASSWORD,
  SmtpSink,
  startFakeEmailApi,
  startSmtpSink,
  TestApp,
} from '@app/testing';
import type { Response } from 'supertest';
import { startTestApi } from '../../../test/test-api';

const PATH = '/api/organizations/settings/email';
const TEST_PATH = `${PATH}/test`;

const SENDGRID_KEY = 'SG.sendgrid-secret-key-0123456789abcdef';
const MAILGUN_KEY = 'mailgun-secret-key-0123456789abcdef';
const POSTMARK_KEY = 'postmark-server-token-0123456789abcdef';
const sender = { fromEmail: 'desk@harbor.example.org', fromName: 'Harbor Desk' };

function fieldsOf(response: Response): string[] {
  const fields = (response.body.errors as { field: string }[]).map((error) => error.field);
  return [...new Set(fields)].sort();
}

describe('email settings', () => {
  let api: TestApp;
  let smtp: SmtpSink;
  let fake: FakeEmailApi;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    fake = await startFakeEmailApi();
    api = await startTestApi({
      EMAIL_ALLOW_PRIVATE_HOSTS: 'true',
      SENDGRID_API_BASE_URL: fake.url,
      MAILGUN_API_BASE_URL: fake.url,
      POSTMARK_API_BASE_URL: fake.url,
    });
  });
  afterAll(async () => {
    await api.close();
    await fake.close();
    await smtp.close();
  });
  beforeEach(() => fake.reset());

  const settingsBy = () => ({
    smtp: { provider: 'smtp', apiKey: smtp.url(), ...sender },
    sendgrid: { provider: 'sendgrid', apiKey: SENDGRID_KEY, ...sender },
    mailgun: {
      provider: 'mailgun',
      apiKey: MAILGUN_KEY,
      domain: 'mg.harbor.example.org',
      ...sender,
    },
    postmark: { provider: 'postmark', apiKey: POSTMARK_KEY, ...sender },
  });

  describe('GET and PUT /api/organizations/settings/email', () => {
    it('answers 404 while nothing is configured', async () => {
      const { auth } = await newOrgWithAdmin(api);
      const response = await api.http.get(PATH).set(auth);
      expectProblem(response, 404, 'not-found');
      expect(response.body.detail).toBe('Email settings are not configured');
    });

    it.each(['smtp', 'sendgrid', 'mailgun', 'postmark'] as const)(
      'saves %s settings and returns them without the key',
      async (provider) => {
        const { auth } = await newOrgWithAdmin(api);
        const body = settingsBy()[provider];
        const saved = await api.http.put(PATH).set(auth).send(body);
        expect(saved.status).toBe(200);
        expect(saved.body).toEqual({
          provider,
          ...sender,
          domain: provider === 'mailgun' ? 'mg.harbor.example.org' : null,
          region: provider === 'mailgun' ? 'us' : null,
          apiKeyLast4: body.apiKey.slice(-4),
          updatedAt: expect.stringMatching(/Z$/),
        });
        expect((await api.http.get(PATH).set(auth)).body).toEqual(saved.body);
      },
    );

    it('stores the key encrypted with the key id of ENCRYPTION_KEY', async () => {
      const { org, auth } = await newOrgWithAdmin(api);
      await api.http.put(PATH).set(auth).send(settingsBy().sendgrid);
      const [row] = await api.dataSource.query(
        'SELECT api_key_ciphertext, api_key_key_id FROM organization_email_settings WHERE organization_id = $1',
        [org.id],
      );
      expect((row.api_key_ciphertext as Buffer).includes(Buffer.from(SENDGRID_KEY))).toBe(false);
      expect(row.api_key_key_id).toMatch(/^[0-9a-f]{8}$/);
    });

    it('replaces the previous settings as a whole', async () => {
      const { auth } = await newOrgWithAdmin(api);
      await api.http
        .put(PATH)
        .set(auth)
        .send({ ...settingsBy().mailgun, region: 'eu' });
      const replaced = await api.http
        .put(PATH)
        .set(auth)
        .send({ provider: 'postmark', apiKey: POSTMARK_KEY, fromEmail: 'a@example.org' });
      expect(replaced.body).toMatchObject({
        provider: 'postmark',
        fromEmail: 'a@example.org',
        fromName: null,
        domain: null,
        region: null,
      });
    });

    it.each([
      [{ provider: 'ses' }, ['provider']],
      [{ provider: 'SendGrid' }, ['provider']],
      [{ apiKey: undefined }, ['apiKey']],
      [{ apiKey: 'short' }, ['apiKey']],
      [{ fromEmail: 'not-an-email' }, ['fromEmail']],
      [{ fromName: 'x'.repeat(201) }, ['fromName']],
      [{ fromName: 'Desk\r\nBcc: everyone@example.org' }, ['fromName']],
      [{ domain: 'mg.example.org' }, ['domain']],
      [{ region: 'eu' }, ['region']],
      [{ provider: 'mailgun' }, ['domain']],
      [{ provider: 'mailgun', domain: 'not a domain' }, ['domain']],
      [{ provider: 'mailgun', domain: 'mg.example.org', region: 'ap' }, ['region']],
      [{ provider: 'smtp', apiKey: 'not-a-connection-url' }, ['apiKey']],
      [{ provider: 'smtp', apiKey: 'https://user:pass@mail.example.org' }, ['apiKey']],
      [{ provider: 'smtp', apiKey: 'smtp://mail.example.org:587' }, ['apiKey']],
      [{ provider: 'smtp', apiKey: 'smtp://user@mail.example.org:587' }, ['apiKey']],
      [{ toEmail: 'someone@example.org' }, ['toEmail']],
      [{ apiKeyLast4: 'abcd' }, ['apiKeyLast4']],
    ])('refuses %j', async (change, fields) => {
      const { auth } = await newOrgWithAdmin(api);
      const response = await api.http
        .put(PATH)
        .set(auth)
        .send({ ...settingsBy().sendgrid, ...change });
      expectProblem(response, 400, 'validation-error');
      expect(fieldsOf(response)).toEqual(fields);
    });

    it('refuses the cloud metadata address even when private hosts are allowed', async () => {
      const { auth } = await newOrgWithAdmin(api);
      const response = await api.http
        .put(PATH)
        .set(auth)
        .send({ ...settingsBy().smtp, apiKey: 'smtp://user:pass@169.254.169.254:25' });
      expectProblem(response, 400, 'validation-error');
      expect(response.body.errors).toEqual([
        {
          field: 'apiKey',
          message: '169.254.169.254 is refused (cloud metadata)',
        },
      ]);
    });

    it('is refused (403) to members other than org_admin, and 401 without a credential', async () => {
      const org = await newOrg(api);
      const manager = await newMember(api, org.id, {
        role: 'staff',
        profiles: ['sms_manager', 'email_phone_communicator'],
      });
      const auth = bearer(api, manager);
      expectProblem(await api.http.get(PATH).set(auth), 403);
      expectProblem(await api.http.put(PATH).set(auth).send(settingsBy().sendgrid), 403);
      expectProblem(await api.http.get(PATH), 401);
      expectProblem(await api.http.put(PATH).send(settingsBy().sendgrid), 401);
    });
  });

  describe('POST /api/organizations/settings/email/test', () => {
    const to = { toEmail: 'tester@example.org' };

    it('delivers through SMTP to the server of the URL, with its credentials, saving nothing', async () => {
      const { auth } = await newOrgWithAdmin(api);
      const before = smtp.received.length;
      const response = await api.http
        .post(TEST_PATH)
        .set(auth)
        .send({ ...settingsBy().smtp, ...to });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ delivered: true, messageId: expect.any(String) });
      const [mail] = smtp.received.slice(before);
      expect(mail).toMatchObject({
        user: 'sink-user',
        envelopeFrom: sender.fromEmail,
        envelopeTo: [to.toEmail],
        subject: 'Test email',
      });
      expect(mail.headers.from).toBe(`Harbor Desk <${sender.fromEmail}>`);
      expect(mail.headers['message-id']).toBe(response.body.messageId);
      expect(mail.text).toContain('your email delivery settings work');
      expectProblem(await api.http.get(PATH).set(auth), 404);
    });

    it('delivers through SendGrid with a bearer key', async () => {
      const { auth } = await newOrgWithAdmin(api);
      const response = await api.http
        .post(TEST_PATH)
        .set(auth)
        .send({ ...settingsBy().sendgrid, ...to });
      expect(response.status).toBe(200);
      const [request] = fake.requests;
      expect(request).toMatchObject({ provider: 'sendgrid', path: '/v3/mail/send' });
      expect(request.headers.authorization).toBe(`Bearer ${SENDGRID_KEY}`);
      expect(request.body).toMatchObject({
        personalizations: [{ to: [{ email: to.toEmail }] }],
        from: { email: sender.fromEmail, name: sender.fromName },
        subject: 'Test email',
        content: [{ type: 'text/plain', value: expect.any(String) }],
      });
      expect(response.body.messageId).toMatch(/^[0-9a-f]{22}$/);
    });

    it("delivers through Mailgun to the domain's messages with basic auth", async () => {
      const { auth } = await newOrgWithAdmin(api);
      const response = await api.http
        .post(TEST_PATH)
        .set(auth)
        .send({ ...settingsBy().mailgun, region: 'eu', ...to });
      expect(response.status).toBe(200);
      const [request] = fake.requests;
      expect(request).toMatchObject({
        provider: 'mailgun',
        path: '/v3/mg.harbor.example.org/messages',
        body: {
          from: `"Harbor Desk" <${sender.fromEmail}>`,
          to: to.toEmail,
          subject: 'Test email',
        },
      });
      expect(request.headers.authorization).toBe(
        `Basic ${Buffer.from(`api:${MAILGUN_KEY}`).toString('base64')}`,
      );
      expect(response.body.messageId).toMatch(/^<.+@mg\.harbor\.example\.org>$/);
    });

    it('delivers through Postmark with the server token header', async () => {
      const { auth } = await newOrgWithAdmin(api);
      const response = await api.http
        .post(TEST_PATH)
        .set(auth)
        .send({ ...settingsBy().postmark, ...to });
      expect(response.status).toBe(200);
      const [request] = fake.requests;
      expect(request).toMatchObject({
        provider: 'postmark',
        path: '/email',
        body: {
          To: to.toEmail,
          From: `"Harbor Desk" <${sender.fromEmail}>`,
          Subject: 'Test email',
        },
      });
      expect(request.headers['x-postmark-server-token']).toBe(POSTMARK_KEY);
      expect(response.body.messageId).toMatch(/^[0-9a-f-]{36}$/);
    });

    it.each([
      [
        'sendgrid',
        'SendGrid answered 401: The provided authorization grant is invalid, expired, or revoked',
      ],
      ['mailgun', 'Mailgun answered 401: Forbidden'],
      [
        'postmark',
        'Postmark answered 401: The Server Token you provided in the X-Postmark-Server-Token request header was invalid.',
      ],
    ] as const)(
      "reports %s's refusal as email-send-failed with its reason",
      async (provider, reason) => {
        const { auth } = await newOrgWithAdmin(api);
        fake.failWith(401);
        const response = await api.http
          .post(TEST_PATH)
          .set(auth)
          .send({ ...settingsBy()[provider], ...to });
        expectProblem(response, 400, 'email-send-failed');
        expect(response.body.detail).toContain(reason);
      },
    );

    it('does not follow a redirect', async () => {
      const { auth } = await newOrgWithAdmin(api);
      fake.failWith(302);
      const response = await api.http
        .post(TEST_PATH)
        .set(auth)
        .send({ ...settingsBy().sendgrid, ...to });
      expectProblem(response, 400, 'email-send-failed');
      expect(response.body.detail).toContain('SendGrid answered 302');
      expect(fake.requests).toHaveLength(1);
    });

    it("reports the SMTP server's refusal of the credentials", async () => {
      const { auth } = await newOrgWithAdmin(api);
      const response = await api.http
        .post(TEST_PATH)
        .set(auth)
        .send({ ...settingsBy().smtp, apiKey: smtp.url('sink-user', 'wrong-password'), ...to });
      expectProblem(response, 400, 'email-send-failed');
      expect(response.body.detail).toMatch(/^SMTP delivery failed: .*535/);
      expect(response.body.detail).not.toContain('wrong-password');
    });

    it('validates the proposed settings and the recipient', async () => {
      const { auth } = await newOrgWithAdmin(api);
      const response = await api.http
        .post(TEST_PATH)
        .set(auth)
        .send({ ...settingsBy().mailgun, domain: null, toEmail: 'nobody' });
      expectProblem(response, 400, 'validation-error');
      expect(fieldsOf(response)).toEqual(['domain', 'toEmail']);
    });

    it('refuses a key that cannot travel in a header (found by fuzzing: was a 500)', async () => {
      const { auth } = await newOrgWithAdmin(api);
      const response = await api.http
        .post(TEST_PATH)
        .set(auth)
        .send({ ...settingsBy().postmark, apiKey: 'postmark-tökén-0123', ...to });
      expectProblem(response, 400, 'validation-error');
      expect(fieldsOf(response)).toEqual(['apiKey']);
      expect(fake.requests).toHaveLength(0);
    });

    it('is refused (403) to members other than org_admin, and 401 without a credential', async () => {
      const org = await newOrg(api);
      const staff = await newMember(api, org.id, { role: 'staff', profiles: ['sms_manager'] });
      const body = { ...settingsBy().sendgrid, ...to };
      expectProblem(await api.http.post(TEST_PATH).set(bearer(api, staff)).send(body), 403);
      expectProblem(await api.http.post(TEST_PATH).send(body), 401);
      expect(fake.requests).toHaveLength(0);
    });
  });

  it('never answers with a stored key, on any endpoint, success or failure', async () => {
    const { auth } = await newOrgWithAdmin(api);
    const secrets = [SENDGRID_KEY, MAILGUN_KEY, POSTMARK_KEY, smtp.url(), SMTP_SINK_PASSWORD];
    const answers: Response[] = [];
    for (const settings of Object.values(settingsBy())) {
      answers.push(await api.http.put(PATH).set(auth).send(settings));
      answers.push(await api.http.get(PATH).set(auth));
      const test = { ...settings, toEmail: 'tester@example.org' };
      answers.push(await api.http.post(TEST_PATH).set(auth).send(test));
      fake.failWith(401);
      answers.push(await api.http.post(TEST_PATH).set(auth).send(test));
      answers.push(
        await api.http
          .put(PATH)
          .set(auth)
          .send({ ...settings, fromEmail: 'bad' }),
      );
      fake.reset();
    }
    expect(answers.map((answer) => answer.status)).toContain(200);
    for (const answer of answers) {
      for (const secret of secrets) expect(answer.text).not.toContain(secret);
    }
  });
});

describe('email settings without EMAIL_ALLOW_PRIVATE_HOSTS', () => {
  let api: TestApp;
  let smtp: SmtpSink;
  let fake: FakeEmailApi;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    fake = await startFakeEmailApi();
    api = await startTestApi({ SENDGRID_API_BASE_URL: fake.url });
  });
  afterAll(async () => {
    await api.close();
    await fake.close();
    await smtp.close();
  });

  it.each([
    ['the loopback address of the SMTP sink', () => smtp.url(), '127.0.0.1 is refused (loopback)'],
    ['an IPv6 loopback literal', () => 'smtp://u:p@[::1]:25', '::1 is refused (loopback)'],
    [
      'the NAT64 form of the metadata address',
      () => 'smtp://u:p@[64:ff9b::169.254.169.254]:25',
      '64:ff9b::a9fe:a9fe is refused (cloud metadata)',
    ],
    [
      'an IPv4-compatible private address',
      () => 'smtps://u:p@[::10.0.0.8]',
      '(private (RFC 1918))',
    ],
    [
      'an IPv4-mapped private address',
      () => 'smtps://u:p@[::ffff:10.0.0.8]',
      '(private (RFC 1918))',
    ],
  ])('refuses an SMTP host at %s on save and on test', async (_case, url, reason) => {
    const { auth } = await newOrgWithAdmin(api);
    const body = { provider: 'smtp', apiKey: url(), ...sender };
    const saved = await api.http.put(PATH).set(auth).send(body);
    const tested = await api.http
      .post(TEST_PATH)
      .set(auth)
      .send({ ...body, toEmail: 'tester@example.org' });
    for (const response of [saved, tested]) {
      expectProblem(response, 400, 'validation-error');
      expect(response.body.errors[0].field).toBe('apiKey');
      expect(response.body.errors[0].message).toContain(reason);
    }
    expect(smtp.received).toHaveLength(0);
  });

  it('answers a name resolving to loopback exactly as a name that does not resolve', async () => {
    const { auth } = await newOrgWithAdmin(api);
    const refusals = await Promise.all(
      ['smtp://u:p@localhost:25', 'smtp://u:p@nowhere.invalid:25'].map(async (apiKey) => {
        const body = { provider: 'smtp', apiKey, ...sender };
        return [
          await api.http.put(PATH).set(auth).send(body),
          await api.http
            .post(TEST_PATH)
            .set(auth)
            .send({ ...body, toEmail: 'tester@example.org' }),
        ];
      }),
    );
    const [localhost, unresolvable] = refusals.map((responses) =>
      responses.map(({ status, body }) => ({ status, body })),
    );
    expect(localhost).toEqual(unresolvable);
    expectProblem(refusals[0][0], 400, 'validation-error');
    expect(JSON.stringify(localhost)).not.toMatch(/localhost|nowhere|loopback/);
    expect(smtp.received).toHaveLength(0);
  });

  it('refuses a provider API whose base URL resolves to 127.0.0.1, before connecting', async () => {
    const { auth } = await newOrgWithAdmin(api);
    const response = await api.http
      .post(TEST_PATH)
      .set(auth)
      .send({
        provider: 'sendgrid',
        apiKey: SENDGRID_KEY,
        ...sender,
        toEmail: 'tester@example.org',
      });
    expectProblem(response, 400, 'email-send-failed');
    expect(response.body.detail).toBe('127.0.0.1 is refused (loopback)');
    expect(fake.requests).toHaveLength(0);
  });
});
