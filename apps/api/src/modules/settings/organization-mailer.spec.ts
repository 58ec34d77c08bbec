import { organizationId, TenantContext } from '@app/database';
import { EmailDeliveryError, OrganizationMailer } from '@app/messaging';
import {
  FakeEmailApi,
  newOrgWithAdmin,
  SmtpSink,
  startFakeEmailApi,
  startSmtpSink,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

const message = {
  to: 'invitee@example.org',
  subject: 'You are invited',
  text: 'Accept your invitation',
  html: '<p>Accept your invitation</p>',
};

/** Sends as a request of the organization would: inside the organization, no transaction open. */
function sendAs(api: TestApp, orgId: string) {
  return api.app
    .get(TenantContext)
    .run(organizationId(orgId), () =>
      api.app.get(OrganizationMailer).send(organizationId(orgId), message),
    );
}

describe('OrganizationMailer', () => {
  let api: TestApp;
  let systemSmtp: SmtpSink;
  let fake: FakeEmailApi;

  beforeAll(async () => {
    systemSmtp = await startSmtpSink();
    fake = await startFakeEmailApi();
    api = await startTestApi({
      EMAIL_ALLOW_PRIVATE_HOSTS: 'true',
      SENDGRID_API_BASE_URL: fake.url,
      SYSTEM_SMTP_URL: systemSmtp.url(),
      SYSTEM_EMAIL_FROM: 'Assist <no-reply@assist.example.org>',
    });
  });
  afterAll(async () => {
    await api.close();
    await fake.close();
    await systemSmtp.close();
  });
  beforeEach(() => fake.reset());

  async function orgWithSendGrid() {
    const { org, auth } = await newOrgWithAdmin(api);
    await api.http.put('/api/organizations/settings/email').set(auth).send({
      provider: 'sendgrid',
      apiKey: 'SG.organization-key-0123',
      fromEmail: 'desk@example.org',
    });
    return org;
  }

  it("sends through the organization's provider with its decrypted key", async () => {
    const org = await orgWithSendGrid();
    const result = await sendAs(api, org.id);
    expect(result).toEqual({ status: 'SENT', messageId: expect.any(String) });
    const [request] = fake.requests;
    expect(request.headers.authorization).toBe('Bearer SG.organization-key-0123');
    expect(request.body).toMatchObject({
      personalizations: [{ to: [{ email: message.to }] }],
      from: { email: 'desk@example.org' },
      subject: message.subject,
      content: [
        { type: 'text/plain', value: message.text },
        { type: 'text/html', value: message.html },
      ],
    });
  });

  it('falls back to the system SMTP when the organization has no provider', async () => {
    const { org } = await newOrgWithAdmin(api);
    const before = systemSmtp.received.length;
    const result = await sendAs(api, org.id);
    expect(result).toEqual({ status: 'SENT', messageId: expect.any(String) });
    const [mail] = systemSmtp.received.slice(before);
    expect(mail).toMatchObject({ envelopeTo: [message.to], subject: message.subject });
    expect(mail.headers.from).toBe('Assist <no-reply@assist.example.org>');
    expect(mail.body).toContain(message.text);
  });

  it("throws EmailDeliveryError with the provider's reason when it fails", async () => {
    const org = await orgWithSendGrid();
    fake.failWith(401);
    const failure = sendAs(api, org.id);
    await expect(failure).rejects.toBeInstanceOf(EmailDeliveryError);
    await expect(failure).rejects.toMatchObject({
      reason: expect.stringContaining('SendGrid answered 401'),
    });
  });

  it('throws EmailDeliveryError when the key was stored under another ENCRYPTION_KEY', async () => {
    const org = await orgWithSendGrid();
    await api.dataSource.query(
      `UPDATE organization_email_settings SET api_key_key_id = '00000000' WHERE organization_id = $1`,
      [org.id],
    );
    await expect(sendAs(api, org.id)).rejects.toMatchObject({
      reason: expect.stringContaining('encrypted with key 00000000, but ENCRYPTION_KEY is key'),
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses to send inside a transaction, before calling the provider', async () => {
    const org = await orgWithSendGrid();
    const tenant = api.app.get(TenantContext);
    const inside = tenant.run(organizationId(org.id), () =>
      tenant.transaction(() =>
        api.app.get(OrganizationMailer).send(organizationId(org.id), message),
      ),
    );
    await expect(inside).rejects.toThrow(/Email send inside a database transaction/);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('OrganizationMailer without any provider', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('answers NOT_SENT', async () => {
    const { org } = await newOrgWithAdmin(api);
    await expect(sendAs(api, org.id)).resolves.toEqual({
      status: 'NOT_SENT',
    });
  });
});
