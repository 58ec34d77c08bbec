import {
  IdempotencyKeyRepository,
  InteractionRepository,
  MemberInvitationRepository,
  organizationId,
  RateLimitStore,
  RefreshTokenRepository,
  SmsUsageRepository,
  TenantContext,
  WebhookDeliveryRepository,
} from '@app/database';
import { EMAIL_SEND_LOST, JobQueue, MaintenanceProcessor } from '@app/jobs';
import {
  bearer,
  expectProblem,
  FakeEmailApi,
  newConstituent,
  newMember,
  newNeed,
  newTextableNeed,
  startFakeEmailApi,
  TestApp,
  TextableNeed,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

describe('POST /api/needs/{id}/email', () => {
  let api: TestApp;
  let fake: FakeEmailApi;

  beforeAll(async () => {
    fake = await startFakeEmailApi();
    api = await startTestApi({
      EMAIL_ALLOW_PRIVATE_HOSTS: 'true',
      SENDGRID_API_BASE_URL: fake.url,
    });
  });
  beforeEach(() => fake.reset());
  afterAll(async () => {
    await api.close();
    await fake.close();
  });

  /** A need whose organization sends through the fake SendGrid. */
  async function emailableNeed(): Promise<TextableNeed> {
    const fixture = await newTextableNeed(api);
    const configured = await api.http
      .put('/api/organizations/settings/email')
      .set(fixture.auth)
      .send({
        provider: 'sendgrid',
        apiKey: 'SG.test-key-0123456789abcdef',
        fromEmail: 'desk@example.org',
        fromName: 'Help Desk',
      });
    expect(configured.status).toBe(200);
    return fixture;
  }

  const email = (needId: string, body: object, headers: object = {}) =>
    api.http
      .post(`/api/needs/${needId}/email`)
      .set(headers as Record<string, string>)
      .send(body);

  const interactionsOf = (organizationId: string) =>
    api.dataSource.query(
      `SELECT channel, direction, subject, body, status, provider_message_id, error, created_by
         FROM interaction WHERE organization_id = $1`,
      [organizationId],
    );

  it('emails the constituent and records the interaction SENT', async () => {
    const { org, admin, auth, need, constituent } = await emailableNeed();
    const response = await email(
      need.id,
      { subject: 'Your appointment', body: 'Monday 9am' },
      auth,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      interactionId: expect.any(String),
      messageId: expect.any(String),
    });
    expect(fake.requests).toHaveLength(1);
    expect(JSON.stringify(fake.requests[0].body)).toContain(constituent.email as string);
    expect(await interactionsOf(org.id)).toEqual([
      {
        channel: 'EMAIL',
        direction: 'OUTBOUND',
        subject: 'Your appointment',
        body: 'Monday 9am',
        status: 'SENT',
        provider_message_id: response.body.messageId,
        error: null,
        created_by: admin.id,
      },
    ]);
    const listed = await api.http.get(`/api/needs/${need.id}/interactions`).set(auth);
    expect(listed.body).toEqual([
      expect.objectContaining({
        id: response.body.interactionId,
        channel: 'EMAIL',
        status: 'SENT',
      }),
    ]);
  });

  it('sends an HTML body as HTML with a text version', async () => {
    const { auth, need } = await emailableNeed();
    const html = '<p>Hello,</p><p>See you <b>Monday</b>.</p>';
    expect((await email(need.id, { subject: 'Hi', body: html }, auth)).status).toBe(200);
    const content = fake.requests[0].body.content as { type: string; value: string }[];
    expect(content).toEqual(
      expect.arrayContaining([
        { type: 'text/plain', value: 'Hello,\nSee you Monday.' },
        { type: 'text/html', value: html },
      ]),
    );
  });

  it('records a provider failure as FAILED and answers 400 email-send-failed', async () => {
    const { org, auth, need } = await emailableNeed();
    fake.failWith(401);
    const response = await email(need.id, { subject: 'Hi', body: 'Hello' }, auth);
    expectProblem(response, 400, 'email-send-failed');
    const [failed] = await interactionsOf(org.id);
    expect(failed).toMatchObject({ status: 'FAILED', provider_message_id: null });
    expect(failed.error).toMatch(/401/);
  });

  it('is 400 when the organization has no email provider, and records nothing', async () => {
    const { org, auth, need } = await newTextableNeed(api);
    const response = await email(need.id, { subject: 'Hi', body: 'Hello' }, auth);
    expectProblem(response, 400, 'email-send-failed');
    expect(response.body.detail).toMatch(/no email provider/);
    expect(await interactionsOf(org.id)).toEqual([]);
  });

  it('is 400 no-recipient-contact without a constituent or an email', async () => {
    const { org, partner, auth } = await emailableNeed();
    const withoutConstituent = await newNeed(api, org.id, partner.id);
    const emailless = await newConstituent(api, org.id, { email: null });
    const withoutEmail = await newNeed(api, org.id, partner.id, { constituentId: emailless.id });
    for (const need of [withoutConstituent, withoutEmail]) {
      expectProblem(
        await email(need.id, { subject: 'Hi', body: 'Hello' }, auth),
        400,
        'no-recipient-contact',
      );
    }
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ['no subject', { body: 'Hello' }, 'subject'],
    ['a blank subject', { subject: ' ', body: 'Hello' }, 'subject'],
    ['no body', { subject: 'Hi' }, 'body'],
    ['an unknown field', { subject: 'Hi', body: 'Hello', cc: 'x@example.org' }, 'cc'],
  ])('refuses %s with 400', async (_label, body, field) => {
    const { auth, need } = await emailableNeed();
    const response = await email(need.id, body, auth);
    expectProblem(response, 400, 'validation-error');
    expect(response.body.errors.map((error: { field: string }) => error.field)).toContain(field);
  });

  it('is 401 without a credential, 403 without the permission, 404 for another organization', async () => {
    const { org, need } = await emailableNeed();
    const body = { subject: 'Hi', body: 'Hello' };
    expectProblem(await email(need.id, body), 401);
    const smsOnly = await newMember(api, org.id, { role: 'staff', profiles: ['sms_communicator'] });
    expectProblem(await email(need.id, body, bearer(api, smsOnly)), 403, 'forbidden');
    const emailer = await newMember(api, org.id, {
      role: 'staff',
      profiles: ['email_phone_communicator'],
    });
    expect((await email(need.id, body, bearer(api, emailer))).status).toBe(200);
    const other = await emailableNeed();
    expectProblem(await email(need.id, body, other.auth), 404, 'not-found');
    expectProblem(await email('123', body, other.auth), 400, 'validation-error');
  });

  it('replays a repeat with the same Idempotency-Key without sending again', async () => {
    const { auth, need } = await emailableNeed();
    const headers = { ...auth, 'Idempotency-Key': 'email-once' };
    const first = await email(need.id, { subject: 'Hi', body: 'Hello' }, headers);
    const second = await email(need.id, { subject: 'Hi', body: 'Hello' }, headers);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(fake.requests).toHaveLength(1);
  });

  it('leaves a send cut short between its two writes to the maintenance job, which fails it after 10 minutes', async () => {
    const { org, admin, need, constituent } = await emailableNeed();
    const tenant = api.app.get(TenantContext);
    const interactions = api.app.get(InteractionRepository);
    const cutShort = async (subject: string, minutesAgo: number, channel: 'EMAIL' | 'SMS') => {
      const begun = await tenant.run(organizationId(org.id), () =>
        interactions.insertSending(organizationId(org.id), {
          needId: need.id,
          constituentId: constituent.id,
          channel,
          direction: 'OUTBOUND',
          subject,
          body: 'Hello',
          createdBy: admin.id,
        }),
      );
      await api.dataSource.query(
        `UPDATE interaction SET dispatching_since = now() - make_interval(mins => $2) WHERE id = $1`,
        [begun.id, minutesAgo],
      );
    };
    await cutShort('lost', 11, 'EMAIL');
    await cutShort('under way', 1, 'EMAIL');
    await cutShort('an SMS', 11, 'SMS');
    const maintenance = new MaintenanceProcessor(
      api.app.get(JobQueue),
      tenant,
      api.app.get(RefreshTokenRepository),
      api.app.get(MemberInvitationRepository),
      api.app.get(RateLimitStore),
      api.app.get(IdempotencyKeyRepository),
      interactions,
      api.app.get(SmsUsageRepository),
      api.app.get(WebhookDeliveryRepository),
    );
    expect(await maintenance.failLostEmailSends()).toBe(1);
    expect(
      await api.dataSource.query(
        `SELECT subject, status, error FROM interaction WHERE organization_id = $1 ORDER BY subject`,
        [org.id],
      ),
    ).toEqual([
      { subject: 'an SMS', status: 'QUEUED', error: null },
      { subject: 'lost', status: 'FAILED', error: EMAIL_SEND_LOST },
      { subject: 'under way', status: 'QUEUED', error: null },
    ]);
  });
});
