import { smsPeriods } from '@app/domain';
import {
  bearer,
  expectProblem,
  newConstituent,
  newMember,
  newNeed,
  newTextableNeed,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

/** HH:mm of an instant in a zone. */
function clock(instant: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

/** Quiet hours from an hour ago to an hour from now (to the minute) in the zone. */
function quietAroundNow(timeZone: string) {
  const now = Date.now();
  const end = Math.floor((now + 3600_000) / 60_000) * 60_000;
  return {
    org: {
      timezone: timeZone,
      quietHoursEnabled: true,
      quietHoursStart: clock(now - 3600_000, timeZone),
      quietHoursEnd: clock(end, timeZone),
    },
    endsAt: new Date(end).toISOString(),
  };
}

describe('POST /api/needs/{id}/sms', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const sms = (needId: string, body: object, headers: object = {}) =>
    api.http
      .post(`/api/needs/${needId}/sms`)
      .set(headers as Record<string, string>)
      .send(body);

  const interactionsOf = (organizationId: string) =>
    api.dataSource.query(
      `SELECT id, status, body, created_by, scheduled_for FROM interaction WHERE organization_id = $1`,
      [organizationId],
    );

  const jobsOf = (organizationId: string) =>
    api.dataSource.query(
      `SELECT data, group_id, group_tier, start_after, retry_limit, retry_backoff
         FROM pgboss.job WHERE name = 'sms.dispatch' AND data->>'organizationId' = $1`,
      [organizationId],
    );

  it('queues the message: the interaction and its send job, 202', async () => {
    const { org, admin, auth, need, constituent } = await newTextableNeed(api, {
      org: { maxConcurrency: 3 },
    });
    const response = await sms(need.id, { body: 'Your box is ready' }, auth);
    expect(response.status).toBe(202);
    expect(response.body).toEqual({
      interactionId: expect.any(String),
      status: 'QUEUED',
      scheduledFor: null,
    });
    expect(await interactionsOf(org.id)).toEqual([
      {
        id: response.body.interactionId,
        status: 'QUEUED',
        body: 'Your box is ready',
        created_by: admin.id,
        scheduled_for: null,
      },
    ]);
    const interactions = await api.http.get(`/api/needs/${need.id}/interactions`).set(auth);
    expect(interactions.body).toEqual([
      expect.objectContaining({
        id: response.body.interactionId,
        needId: need.id,
        constituentId: constituent.id,
        channel: 'SMS',
        direction: 'OUTBOUND',
        status: 'QUEUED',
      }),
    ]);
    expect(await jobsOf(org.id)).toEqual([
      {
        data: { organizationId: org.id, interactionId: response.body.interactionId },
        group_id: org.id,
        group_tier: '3',
        start_after: expect.any(Date),
        retry_limit: 4,
        retry_backoff: true,
      },
    ]);
  });

  it('is allowed to the partner admin of the need and to sms_communicator staff', async () => {
    const { org, need, partner } = await newTextableNeed(api);
    const partnerAdmin = await newMember(api, org.id, {
      role: 'partner_admin',
      partnerId: partner.id,
    });
    const communicator = await newMember(api, org.id, {
      role: 'staff',
      profiles: ['sms_communicator'],
      partnerId: partner.id,
    });
    expect((await sms(need.id, { body: 'a' }, bearer(api, partnerAdmin))).status).toBe(202);
    expect((await sms(need.id, { body: 'b' }, bearer(api, communicator))).status).toBe(202);
  });

  it('is 404 for a need of another partner, as for one of another organization', async () => {
    const { org, need } = await newTextableNeed(api);
    const otherPartnerAdmin = await newMember(api, org.id, { role: 'partner_admin' });
    expectProblem(await sms(need.id, { body: 'x' }, bearer(api, otherPartnerAdmin)), 404);
    const other = await newTextableNeed(api);
    expectProblem(await sms(need.id, { body: 'x' }, other.auth), 404, 'not-found');
    expect(await interactionsOf(org.id)).toEqual([]);
  });

  it('is 403 without the permission and 401 without a credential', async () => {
    const { org, need } = await newTextableNeed(api);
    for (const member of [
      await newMember(api, org.id, { role: 'staff', profiles: ['needs_processor', 'pii_reader'] }),
      await newMember(api, org.id, { role: 'volunteer' }),
    ]) {
      expectProblem(await sms(need.id, { body: 'x' }, bearer(api, member)), 403, 'forbidden');
    }
    expectProblem(await sms(need.id, { body: 'x' }), 401);
  });

  it.each([
    ['no body', {}, 'body'],
    ['an empty body', { body: '' }, 'body'],
    ['a blank body', { body: '   ' }, 'body'],
    ['1601 characters', { body: 'x'.repeat(1601) }, 'body'],
    ['a number', { body: 42 }, 'body'],
    ['a string emergency', { body: 'x', emergency: 'yes' }, 'emergency'],
    ['a null emergency', { body: 'x', emergency: null }, 'emergency'],
    ['an unknown field', { body: 'x', to: '+12025550123' }, 'to'],
  ])('refuses %s with 400 naming the field', async (_label, body, field) => {
    const { need, auth } = await newTextableNeed(api);
    const response = await sms(need.id, body, auth);
    expectProblem(response, 400, 'validation-error');
    expect(response.body.errors.map((error: { field: string }) => error.field)).toContain(field);
  });

  it('accepts a 1600-character body', async () => {
    const { need, auth } = await newTextableNeed(api);
    expect((await sms(need.id, { body: 'x'.repeat(1600) }, auth)).status).toBe(202);
  });

  it('is 400 for an id that is not a UUID', async () => {
    const { auth } = await newTextableNeed(api);
    expectProblem(await sms('not-a-uuid', { body: 'x' }, auth), 400, 'validation-error');
  });

  it('is 400 no-recipient-contact without a constituent or a phone, and records nothing', async () => {
    const { org, partner, auth } = await newTextableNeed(api);
    const withoutConstituent = await newNeed(api, org.id, partner.id);
    const phoneless = await newConstituent(api, org.id, { phone: null });
    const withoutPhone = await newNeed(api, org.id, partner.id, { constituentId: phoneless.id });
    for (const need of [withoutConstituent, withoutPhone]) {
      expectProblem(await sms(need.id, { body: 'x' }, auth), 400, 'no-recipient-contact');
    }
    expect(await interactionsOf(org.id)).toEqual([]);
    expect(await jobsOf(org.id)).toEqual([]);
  });

  it('is 409 recipient-opted-out for an opted-out constituent, and counts nothing', async () => {
    const { org, need, auth, constituent } = await newTextableNeed(api);
    await api.dataSource.query(`UPDATE constituent SET sms_opted_out = true WHERE id = $1`, [
      constituent.id,
    ]);
    expectProblem(await sms(need.id, { body: 'x' }, auth), 409, 'recipient-opted-out');
    expect(await interactionsOf(org.id)).toEqual([]);
    const usage = await api.dataSource.query(`SELECT * FROM sms_usage WHERE organization_id = $1`, [
      org.id,
    ]);
    expect(usage).toEqual([]);
  });

  it('holds the daily cap exactly under 20 concurrent sends, with retry_after to local midnight', async () => {
    const timeZone = 'America/Los_Angeles';
    const { org, need, auth } = await newTextableNeed(api, {
      org: { dailySmsCap: 7, monthlySmsBudget: 1000, timezone: timeZone },
    });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => sms(need.id, { body: `n${index}` }, auth)),
    );
    const accepted = responses.filter((response) => response.status === 202);
    const refused = responses.filter((response) => response.status === 429);
    expect(accepted).toHaveLength(7);
    expect(refused).toHaveLength(13);
    const untilMidnight =
      (smsPeriods(new Date(), timeZone).dayResetsAt.getTime() - Date.now()) / 1000;
    for (const response of refused) {
      expectProblem(response, 429, 'sms-daily-cap-reached');
      expect(Math.abs(response.body.retry_after - untilMidnight)).toBeLessThan(5);
      expect(Number(response.headers['retry-after'])).toBe(response.body.retry_after);
    }
    expect(await interactionsOf(org.id)).toHaveLength(7);
    expect(await jobsOf(org.id)).toHaveLength(7);
    const usage = await api.dataSource.query(
      `SELECT period, used FROM sms_usage WHERE organization_id = $1 ORDER BY period`,
      [org.id],
    );
    expect(usage).toEqual([
      { period: 'day', used: 7 },
      { period: 'month', used: 7 },
    ]);
  });

  it('refuses beyond the monthly budget with retry_after to the next month', async () => {
    const { org, need, auth } = await newTextableNeed(api, {
      org: { dailySmsCap: 100, monthlySmsBudget: 2 },
    });
    expect((await sms(need.id, { body: '1' }, auth)).status).toBe(202);
    expect((await sms(need.id, { body: '2' }, auth)).status).toBe(202);
    const refused = await sms(need.id, { body: '3' }, auth);
    expectProblem(refused, 429, 'sms-monthly-budget-reached');
    const now = new Date();
    const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    expect(Math.abs(refused.body.retry_after - (nextMonth - now.getTime()) / 1000)).toBeLessThan(5);
    expect(await interactionsOf(org.id)).toHaveLength(2);
  });

  it('refuses every send with a zero cap', async () => {
    const { need, auth } = await newTextableNeed(api, { org: { dailySmsCap: 0 } });
    expectProblem(await sms(need.id, { body: 'x' }, auth), 429, 'sms-daily-cap-reached');
  });

  describe('quiet hours', () => {
    it('schedules the message for the end of the window, with the job held until then', async () => {
      const quiet = quietAroundNow('Asia/Tokyo');
      const { org, need, auth } = await newTextableNeed(api, { org: quiet.org });
      const response = await sms(need.id, { body: 'Tomorrow' }, auth);
      expect(response.status).toBe(202);
      expect(response.body).toEqual({
        interactionId: expect.any(String),
        status: 'SCHEDULED',
        scheduledFor: quiet.endsAt,
      });
      const [job] = await jobsOf(org.id);
      expect(job.start_after.toISOString()).toBe(quiet.endsAt);
      const [interaction] = await interactionsOf(org.id);
      expect(interaction).toMatchObject({ status: 'SCHEDULED' });
      expect(interaction.scheduled_for.toISOString()).toBe(quiet.endsAt);
    });

    it('lets an emergency through when the organization bypasses quiet hours for emergencies', async () => {
      const quiet = quietAroundNow('UTC');
      const { need, auth } = await newTextableNeed(api, {
        org: { ...quiet.org, bypassQuietHoursForEmergency: true },
      });
      const response = await sms(need.id, { body: 'Shelter open now', emergency: true }, auth);
      expect(response.body).toMatchObject({ status: 'QUEUED', scheduledFor: null });
    });

    it('holds an emergency too when the organization does not bypass quiet hours', async () => {
      const quiet = quietAroundNow('UTC');
      const { need, auth } = await newTextableNeed(api, {
        org: { ...quiet.org, bypassQuietHoursForEmergency: false },
      });
      const response = await sms(need.id, { body: 'Shelter open now', emergency: true }, auth);
      expect(response.body).toMatchObject({ status: 'SCHEDULED', scheduledFor: quiet.endsAt });
    });

    it('sends at once when quiet hours are disabled or now is outside them', async () => {
      const quiet = quietAroundNow('UTC');
      const disabled = await newTextableNeed(api, {
        org: { ...quiet.org, quietHoursEnabled: false },
      });
      const outside = await newTextableNeed(api, {
        org: {
          ...quiet.org,
          quietHoursStart: quiet.org.quietHoursEnd,
          quietHoursEnd: quiet.org.quietHoursStart,
        },
      });
      for (const { need, auth } of [disabled, outside]) {
        expect((await sms(need.id, { body: 'x' }, auth)).body.status).toBe('QUEUED');
      }
    });
  });

  describe('Idempotency-Key', () => {
    it('replays the first response to a repeat and queues one message', async () => {
      const { org, need, auth } = await newTextableNeed(api);
      const headers = { ...auth, 'Idempotency-Key': 'sms-once' };
      const first = await sms(need.id, { body: 'Once' }, headers);
      const second = await sms(need.id, { body: 'Once' }, headers);
      expect(second.status).toBe(202);
      expect(second.body).toEqual(first.body);
      expect(await jobsOf(org.id)).toHaveLength(1);
      expectProblem(await sms(need.id, { body: 'Other' }, headers), 422, 'idempotency-key-reused');
    });
  });
});
