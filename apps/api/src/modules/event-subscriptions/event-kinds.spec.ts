import { EVENT_TYPES, NeedRepository, organizationId, TenantContext } from '@app/database';
import {
  newConstituent,
  newMember,
  newNeed,
  newOrgWithAdmin,
  newPartner,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

type Auth = Record<string, string>;
interface Emitted {
  type: string;
  data: Record<string, unknown>;
}

/** Each change emits its event exactly once, in the change's transaction (read here as written). */
describe('event kinds', () => {
  let api: TestApp;
  let org: { id: string };
  let auth: Auth;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_PUBLIC_PER_IP: '0' });
    ({ org, auth } = await newOrgWithAdmin(api));
    const subscribed = await api.http
      .post('/api/webhooks/subscriptions')
      .set(auth)
      .send({ url: 'https://203.0.113.10/hooks', events: EVENT_TYPES });
    expect(subscribed.status).toBe(201);
  });
  afterAll(() => api.close());

  /** The events `change` emits in the organization, each with its organizationId checked. */
  async function emittedBy(change: () => Promise<unknown>): Promise<Emitted[]> {
    await api.dataSource.query(`DELETE FROM webhook_event WHERE organization_id = $1`, [org.id]);
    await change();
    const events: Emitted[] = await api.dataSource.query(
      `SELECT e.type, e.data FROM webhook_event e
         JOIN webhook_delivery d ON d.event_id = e.id
        WHERE e.organization_id = $1 ORDER BY e.created_at, e.type`,
      [org.id],
    );
    for (const event of events) {
      expect(event.data.organizationId).toBe(org.id);
      delete event.data.organizationId;
    }
    return events;
  }

  const patch = (needId: string, body: object) =>
    api.http.patch(`/api/needs/${needId}`).set(auth).send(body);

  it('need.created by public and by staff intake', async () => {
    const partner = await newPartner(api, org.id, { isDefault: true });
    let id = '';
    const publicIntake = await emittedBy(async () => {
      const created = await api.http
        .post('/api/needs/public')
        .send({ organizationId: org.id, description: 'Food', isConfidential: false });
      expect(created.status).toBe(201);
      id = created.body.id;
    });
    expect(publicIntake).toEqual([
      {
        type: 'need.created',
        data: {
          needId: id,
          partnerId: partner.id,
          status: 'NEW',
          isConfidential: false,
          createdAt: expect.stringMatching(/Z$/),
        },
      },
    ]);
    const staffIntake = await emittedBy(async () => {
      const created = await api.http.post('/api/needs').set(auth).send({ description: 'Rent' });
      expect(created.status).toBe(201);
      id = created.body.id;
    });
    expect(staffIntake).toEqual([
      { type: 'need.created', data: expect.objectContaining({ needId: id, status: 'NEW' }) },
    ]);
  });

  it('need.assigned, need.status_changed, need.rerouted, with codes but no free text', async () => {
    const home = await newPartner(api, org.id);
    const other = await newPartner(api, org.id);
    const need = await newNeed(api, org.id, home.id);
    const member = await newMember(api, org.id, { role: 'staff', partnerId: null });

    expect(await emittedBy(() => patch(need.id, { assignedTo: member.id }))).toEqual([
      { type: 'need.assigned', data: { needId: need.id, assignedTo: member.id } },
      {
        type: 'need.status_changed',
        data: {
          needId: need.id,
          partnerId: home.id,
          previousStatus: 'NEW',
          status: 'ACCEPTED',
          outcome: null,
          reason: null,
        },
      },
    ]);
    expect(await emittedBy(() => patch(need.id, { partnerId: other.id }))).toEqual([
      {
        type: 'need.rerouted',
        data: { needId: need.id, previousPartnerId: home.id, partnerId: other.id, reason: null },
      },
    ]);
    expect(
      await emittedBy(() => patch(need.id, { status: 'CANCELLED', reason: 'Moved to Ohio' })),
    ).toEqual([
      {
        type: 'need.status_changed',
        data: expect.objectContaining({ previousStatus: 'NEW', status: 'CANCELLED', reason: null }),
      },
    ]);
    const declined = await newNeed(api, org.id, other.id);
    const fallback = (
      await api.dataSource.query(
        `SELECT id FROM partner WHERE organization_id = $1 AND is_default`,
        [org.id],
      )
    )[0].id;
    expect(
      await emittedBy(() => patch(declined.id, { status: 'DECLINED', reason: 'no_capacity' })),
    ).toEqual([
      {
        type: 'need.rerouted',
        data: {
          needId: declined.id,
          previousPartnerId: other.id,
          partnerId: fallback,
          reason: 'no_capacity',
        },
      },
      {
        type: 'need.status_changed',
        data: expect.objectContaining({ status: 'DECLINED', reason: 'no_capacity' }),
      },
    ]);
    expect(await emittedBy(() => patch(declined.id, { description: undefined }))).toEqual([]);
  });

  it('need.escalated by the SLA escalation', async () => {
    const fallback = (
      await api.dataSource.query(
        `SELECT id FROM partner WHERE organization_id = $1 AND is_default`,
        [org.id],
      )
    )[0].id;
    const late = await newPartner(api, org.id);
    const need = await newNeed(api, org.id, late.id, { dueDate: new Date(Date.now() - 60_000) });
    const tenant = api.app.get(TenantContext);
    const escalated = await emittedBy(() =>
      tenant.run(organizationId(org.id), () =>
        api.app.get(NeedRepository).escalateOverdue(organizationId(org.id), 500),
      ),
    );
    expect(escalated).toEqual([
      {
        type: 'need.escalated',
        data: { needId: need.id, previousPartnerId: late.id, partnerId: fallback },
      },
    ]);
  });

  it('constituent.opted_out, opted_in, merged and household_match.created', async () => {
    const person = await newConstituent(api, org.id, {
      firstName: 'Ada',
      lastName: 'Quill',
      phone: '+12025550177',
    });
    expect(
      await emittedBy(() =>
        api.http.post(`/api/constituents/${person.id}/opt-out`).set(auth).send(),
      ),
    ).toEqual([{ type: 'constituent.opted_out', data: { constituentId: person.id } }]);
    expect(
      await emittedBy(() =>
        api.http.post(`/api/constituents/${person.id}/opt-out`).set(auth).send(),
      ),
    ).toEqual([]);
    expect(
      await emittedBy(() =>
        api.dataSource.query(`UPDATE constituent SET sms_opted_out = false WHERE id = $1`, [
          person.id,
        ]),
      ),
    ).toEqual([{ type: 'constituent.opted_in', data: { constituentId: person.id } }]);

    let twinId = '';
    const matched = await emittedBy(async () => {
      const twin = await api.http
        .post('/api/constituents')
        .set(auth)
        .send({ firstName: 'Ada', lastName: 'Quill', phone: '+12025550177' });
      expect(twin.body.matches).toHaveLength(1);
      twinId = twin.body.id;
    });
    expect(matched).toEqual([
      {
        type: 'household_match.created',
        data: {
          matchId: expect.any(String),
          constituentId: twinId,
          candidateConstituentId: person.id,
          score: expect.any(Number),
        },
      },
    ]);
    const merged = await emittedBy(async () => {
      const response = await api.http
        .post('/api/constituents/merge')
        .set(auth)
        .send({ sourceConstituentId: twinId, targetConstituentId: person.id });
      expect(response.status).toBe(200);
    });
    expect(merged.filter((event) => event.type === 'constituent.merged')).toEqual([
      {
        type: 'constituent.merged',
        data: { sourceConstituentId: twinId, targetConstituentId: person.id },
      },
    ]);
  });

  it('interaction.created and interaction.status_changed', async () => {
    const partner = await newPartner(api, org.id);
    const person = await newConstituent(api, org.id);
    const need = await newNeed(api, org.id, partner.id, { constituentId: person.id });
    let interactionId = '';
    expect(
      await emittedBy(async () => {
        [{ id: interactionId }] = await api.dataSource.query(
          `INSERT INTO interaction (organization_id, need_id, constituent_id, channel, direction, body, status)
           VALUES ($1, $2, $3, 'SMS', 'OUTBOUND', 'Your pantry slot is at 3 pm', 'QUEUED') RETURNING id`,
          [org.id, need.id, person.id],
        );
      }),
    ).toEqual([
      {
        type: 'interaction.created',
        data: {
          interactionId,
          needId: need.id,
          channel: 'SMS',
          direction: 'OUTBOUND',
          status: 'QUEUED',
        },
      },
    ]);
    expect(
      await emittedBy(() =>
        api.dataSource.query(`UPDATE interaction SET status = 'SENT' WHERE id = $1`, [
          interactionId,
        ]),
      ),
    ).toEqual([
      {
        type: 'interaction.status_changed',
        data: {
          interactionId,
          needId: need.id,
          channel: 'SMS',
          previousStatus: 'QUEUED',
          status: 'SENT',
        },
      },
    ]);
    expect(
      await emittedBy(() =>
        api.dataSource.query(`UPDATE interaction SET attempts = 1 WHERE id = $1`, [interactionId]),
      ),
    ).toEqual([]);
  });

  it('provisioning.updated', async () => {
    await api.dataSource.query(`INSERT INTO telephony_provisioning (organization_id) VALUES ($1)`, [
      org.id,
    ]);
    await api.dataSource.query(
      `INSERT INTO telephony_provisioning_step (organization_id, name, position)
       VALUES ($1, 'messaging_profile', 1), ($1, 'phone_number', 2)`,
      [org.id],
    );
    const step = (name: string, status: string) =>
      api.dataSource.query(
        `UPDATE telephony_provisioning_step SET status = $3 WHERE organization_id = $1 AND name = $2`,
        [org.id, name, status],
      );
    expect(await emittedBy(() => step('messaging_profile', 'RUNNING'))).toEqual([
      {
        type: 'provisioning.updated',
        data: { state: 'RUNNING', step: 'messaging_profile', stepStatus: 'RUNNING' },
      },
    ]);
    expect(await emittedBy(() => step('phone_number', 'WAITING'))).toEqual([
      {
        type: 'provisioning.updated',
        data: { state: 'WAITING', step: 'phone_number', stepStatus: 'WAITING' },
      },
    ]);
    expect(
      await emittedBy(() =>
        api.dataSource.query(
          `UPDATE telephony_provisioning SET completed_at = now() WHERE organization_id = $1`,
          [org.id],
        ),
      ),
    ).toEqual([
      { type: 'provisioning.updated', data: { state: 'COMPLETED', step: null, stepStatus: null } },
    ]);
  });
});
