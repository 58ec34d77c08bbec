import type { NeedEntity } from '@app/database';
import { NEED_STATUSES, NeedStatus } from '@assist/contracts';
import {
  bearer,
  expectProblem,
  newMember,
  newNeed,
  newOrg,
  newOrgWithAdmin,
  newPartner,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

const MOVES: Record<NeedStatus, NeedStatus[]> = {
  NEW: ['ACCEPTED', 'IN_PROGRESS', 'DECLINED', 'CANCELLED'],
  ACCEPTED: ['IN_PROGRESS', 'ON_HOLD', 'RESOLVED', 'CANCELLED'],
  IN_PROGRESS: ['ON_HOLD', 'RESOLVED', 'CANCELLED'],
  ON_HOLD: ['IN_PROGRESS', 'RESOLVED', 'CANCELLED'],
  RESOLVED: ['IN_PROGRESS'],
  DECLINED: [],
  CANCELLED: [],
};

/** What a move to each status must carry. */
const DETAILS: Record<NeedStatus, object> = {
  NEW: {},
  ACCEPTED: {},
  IN_PROGRESS: {},
  ON_HOLD: {},
  RESOLVED: { outcome: 'MET' },
  DECLINED: { reason: 'no_capacity' },
  CANCELLED: { reason: 'duplicate request' },
};

/** Stored columns a need in each status has. */
const STATE: Record<NeedStatus, Partial<NeedEntity>> = {
  NEW: {},
  ACCEPTED: {},
  IN_PROGRESS: {},
  ON_HOLD: { slaPausedAt: new Date(), slaRemainingSeconds: 3600 },
  RESOLVED: { outcome: 'MET', resolvedAt: new Date() },
  DECLINED: { reason: 'other' },
  CANCELLED: { reason: 'gone' },
};

describe('PATCH /api/needs/{id}', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_MEMBER: '0' });
  });
  afterAll(() => api.close());

  const patch = (auth: Record<string, string>, id: string, body: object) =>
    api.http.patch(`/api/needs/${id}`).set(auth).send(body);
  const history = async (auth: Record<string, string>, id: string) =>
    (await api.http.get(`/api/needs/${id}/history`).set(auth)).body;

  /** An organization whose need sits at a partner that is not the default. */
  async function setting() {
    const { org, admin, auth } = await newOrgWithAdmin(api);
    const triage = await newPartner(api, org.id, { isDefault: true, slaHours: 4 });
    const pantry = await newPartner(api, org.id, { slaHours: 24 });
    return { org, admin, auth, triage, pantry };
  }

  describe('status moves (docs/NEED-LIFECYCLE.md)', () => {
    const allowed = NEED_STATUSES.flatMap((from) => MOVES[from].map((to) => [from, to] as const));
    const refused = NEED_STATUSES.flatMap((from) =>
      NEED_STATUSES.filter((to) => to !== from && !MOVES[from].includes(to)).map(
        (to) => [from, to] as const,
      ),
    );

    it.each(allowed)('%s → %s is allowed and recorded', async (from, to) => {
      const { org, admin, auth, triage } = await setting();
      const need = await newNeed(api, org.id, triage.id, { status: from, ...STATE[from] });
      const response = await patch(auth, need.id, { status: to, ...DETAILS[to] });
      expect(response.status).toBe(200);
      expect(response.body.status).toBe(to);
      expect(await history(auth, need.id)).toEqual([
        {
          id: expect.any(String),
          kind: 'STATUS',
          at: expect.stringMatching(/Z$/),
          actorId: admin.id,
          fromStatus: from,
          toStatus: to,
          fromPartnerId: triage.id,
          toPartnerId: triage.id,
          reason: (DETAILS[to] as { reason?: string }).reason ?? null,
          outcome: (DETAILS[to] as { outcome?: string }).outcome ?? null,
        },
      ]);
    });

    it.each(refused)('%s → %s is refused with 409 and changes nothing', async (from, to) => {
      const { org, auth, triage } = await setting();
      const need = await newNeed(api, org.id, triage.id, { status: from, ...STATE[from] });
      expectProblem(
        await patch(auth, need.id, { status: to, ...DETAILS[to] }),
        409,
        'invalid-status-transition',
      );
      expect((await api.http.get(`/api/needs/${need.id}`).set(auth)).body.status).toBe(from);
      expect(await history(auth, need.id)).toEqual([]);
    });

    it.each(NEED_STATUSES)('%s → %s is a no-op that records nothing', async (status) => {
      const { org, auth, triage } = await setting();
      const need = await newNeed(api, org.id, triage.id, { status, ...STATE[status] });
      const response = await patch(auth, need.id, { status, ...DETAILS[status] });
      expect(response.status).toBe(200);
      expect(response.body.status).toBe(status);
      expect(response.body.updatedAt).toBe(need.updatedAt.toISOString());
      expect(await history(auth, need.id)).toEqual([]);
    });

    it('resolving sets outcome and resolvedAt; reopening clears them', async () => {
      const { org, auth, triage } = await setting();
      const need = await newNeed(api, org.id, triage.id, { status: 'IN_PROGRESS' });
      const resolved = await patch(auth, need.id, { status: 'RESOLVED', outcome: 'NOT_MET' });
      expect(resolved.body).toMatchObject({
        outcome: 'NOT_MET',
        resolvedAt: expect.stringMatching(/Z$/),
      });
      const reopened = await patch(auth, need.id, { status: 'IN_PROGRESS' });
      expect(reopened.body).toMatchObject({
        status: 'IN_PROGRESS',
        outcome: null,
        resolvedAt: null,
      });
    });

    it.each([
      ['RESOLVED without an outcome', 'IN_PROGRESS', { status: 'RESOLVED' }, 'outcome'],
      ['an outcome with another status', 'NEW', { status: 'ACCEPTED', outcome: 'MET' }, 'outcome'],
      ['DECLINED without a reason', 'NEW', { status: 'DECLINED' }, 'reason'],
      ['DECLINED with an unlisted reason', 'NEW', { status: 'DECLINED', reason: 'busy' }, 'reason'],
      ['CANCELLED without a reason', 'NEW', { status: 'CANCELLED' }, 'reason'],
      ['a reason without status', 'NEW', { reason: 'other' }, 'reason'],
      ['an unknown status', 'NEW', { status: 'DONE' }, 'status'],
      ['an unknown outcome', 'IN_PROGRESS', { status: 'RESOLVED', outcome: 'YES' }, 'outcome'],
      ['an unknown field', 'NEW', { priority: 'high' }, 'priority'],
      ['a null partnerId', 'NEW', { partnerId: null }, 'partnerId'],
      ['a malformed dueDate', 'NEW', { dueDate: '2025-13-01' }, 'dueDate'],
    ] as const)('refuses %s with 400', async (_case, status, body, field) => {
      const { org, auth, triage } = await setting();
      const need = await newNeed(api, org.id, triage.id, { status });
      const response = await patch(auth, need.id, body);
      expectProblem(response, 400, 'validation-error');
      expect(response.body.errors.map((error: { field: string }) => error.field)).toContain(field);
    });
  });

  describe('declining', () => {
    it('re-routes the need to the default partner as NEW, with its SLA', async () => {
      const { org, auth, triage, pantry } = await setting();
      const need = await newNeed(api, org.id, pantry.id);
      const response = await patch(auth, need.id, { status: 'DECLINED', reason: 'out_of_area' });
      expect(response.body).toMatchObject({
        status: 'NEW',
        partnerId: triage.id,
        slaHours: 4,
        reason: 'out_of_area',
      });
      const due = Date.parse(response.body.dueDate) - Date.parse(response.body.updatedAt);
      expect(Math.abs(due - 4 * 3600_000)).toBeLessThan(5_000);
      expect(await history(auth, need.id)).toMatchObject([
        {
          kind: 'STATUS',
          fromStatus: 'NEW',
          toStatus: 'DECLINED',
          reason: 'out_of_area',
          toPartnerId: pantry.id,
        },
        {
          kind: 'REROUTE',
          fromStatus: 'DECLINED',
          toStatus: 'NEW',
          fromPartnerId: pantry.id,
          toPartnerId: triage.id,
          reason: 'out_of_area',
        },
      ]);
    });

    it('stays DECLINED at the default partner, or without one', async () => {
      const { org, auth, triage } = await setting();
      const atDefault = await newNeed(api, org.id, triage.id);
      expect(
        (await patch(auth, atDefault.id, { status: 'DECLINED', reason: 'other' })).body,
      ).toMatchObject({
        status: 'DECLINED',
        partnerId: triage.id,
      });
      const lonely = await newOrgWithAdmin(api);
      const only = await newPartner(api, lonely.org.id);
      const need = await newNeed(api, lonely.org.id, only.id);
      expect(
        (await patch(lonely.auth, need.id, { status: 'DECLINED', reason: 'other' })).body.status,
      ).toBe('DECLINED');
      expect(await history(lonely.auth, need.id)).toHaveLength(1);
    });
  });

  describe('assignment', () => {
    it('accepts a NEW need when it is assigned, and records it', async () => {
      const { org, admin, auth, pantry } = await setting();
      const worker = await newMember(api, org.id, { role: 'staff', partnerId: pantry.id });
      const need = await newNeed(api, org.id, pantry.id);
      const response = await patch(auth, need.id, { assignedTo: worker.id });
      expect(response.body).toMatchObject({
        status: 'ACCEPTED',
        assignedTo: worker.id,
        isOverdue: false,
      });
      expect(await history(auth, need.id)).toMatchObject([
        { kind: 'ASSIGNMENT', actorId: admin.id, fromStatus: 'NEW', toStatus: 'ACCEPTED' },
      ]);
    });

    it('takes a member of the need’s partner or of the organization; null unassigns', async () => {
      const { org, auth, triage, pantry } = await setting();
      const orgLevel = await newMember(api, org.id, { role: 'staff' });
      const need = await newNeed(api, org.id, pantry.id, { status: 'IN_PROGRESS' });
      expect((await patch(auth, need.id, { assignedTo: orgLevel.id })).body).toMatchObject({
        status: 'IN_PROGRESS',
        assignedTo: orgLevel.id,
      });
      expect((await patch(auth, need.id, { assignedTo: null })).body.assignedTo).toBeNull();
      expect(await history(auth, need.id)).toMatchObject([
        { kind: 'ASSIGNMENT', fromStatus: 'IN_PROGRESS', toStatus: 'IN_PROGRESS' },
        { kind: 'ASSIGNMENT' },
      ]);
      const elsewhere = await newMember(api, org.id, { role: 'staff', partnerId: triage.id });
      const inactive = await newMember(api, org.id, { role: 'staff', isActive: false });
      const foreign = await newMember(api, (await newOrg(api)).id);
      for (const member of [elsewhere, inactive, foreign]) {
        const response = await patch(auth, need.id, { assignedTo: member.id });
        expectProblem(response, 400, 'validation-error');
        expect(response.body.errors).toEqual([
          { field: 'assignedTo', message: expect.any(String) },
        ]);
      }
    });
  });

  describe('transfer', () => {
    it('moves the need to another partner as NEW, unassigned, with that partner’s SLA', async () => {
      const { org, auth, triage, pantry } = await setting();
      const worker = await newMember(api, org.id, { role: 'staff', partnerId: triage.id });
      const need = await newNeed(api, org.id, triage.id, {
        status: 'IN_PROGRESS',
        assignedTo: worker.id,
      });
      const response = await patch(auth, need.id, { partnerId: pantry.id });
      expect(response.body).toMatchObject({
        partnerId: pantry.id,
        status: 'NEW',
        assignedTo: null,
        slaHours: 24,
      });
      expect(await history(auth, need.id)).toMatchObject([
        {
          kind: 'REROUTE',
          fromStatus: 'IN_PROGRESS',
          toStatus: 'NEW',
          fromPartnerId: triage.id,
          toPartnerId: pantry.id,
        },
      ]);
    });

    it('refuses an archived or foreign partner (400) and a closed need (409)', async () => {
      const { org, auth, triage, pantry } = await setting();
      const need = await newNeed(api, org.id, triage.id);
      const archived = await newPartner(api, org.id, { isArchived: true });
      const foreign = await newPartner(api, (await newOrg(api)).id);
      for (const partnerId of [archived.id, foreign.id]) {
        expectProblem(await patch(auth, need.id, { partnerId }), 400, 'validation-error');
      }
      const resolved = await newNeed(api, org.id, triage.id, {
        status: 'RESOLVED',
        ...STATE.RESOLVED,
      });
      expectProblem(
        await patch(auth, resolved.id, { partnerId: pantry.id }),
        409,
        'invalid-status-transition',
      );
    });
  });

  describe('the SLA clock', () => {
    it('stops while ON_HOLD and resumes with the time that was left', async () => {
      const { org, auth, triage } = await setting();
      const need = await newNeed(api, org.id, triage.id, {
        status: 'IN_PROGRESS',
        dueDate: new Date(Date.now() + 10 * 3600_000),
      });
      const held = await patch(auth, need.id, {
        status: 'ON_HOLD',
        reason: 'waiting for documents',
      });
      expect(held.body).toMatchObject({ status: 'ON_HOLD', reason: 'waiting for documents' });
      await api.dataSource.query(
        `UPDATE need SET sla_paused_at = sla_paused_at - interval '3 days' WHERE id = $1`,
        [need.id],
      );
      const resumed = await patch(auth, need.id, { status: 'IN_PROGRESS' });
      const remaining = Date.parse(resumed.body.dueDate) - Date.now();
      expect(Math.abs(remaining - 10 * 3600_000)).toBeLessThan(10_000);
    });

    it('an explicit due date while ON_HOLD is where the resumed clock heads', async () => {
      const { org, auth, triage } = await setting();
      const need = await newNeed(api, org.id, triage.id, { status: 'IN_PROGRESS' });
      await patch(auth, need.id, { status: 'ON_HOLD' });
      const target = new Date(Date.now() + 2 * 3600_000);
      expect((await patch(auth, need.id, { dueDate: target.toISOString() })).body.dueDate).toBe(
        target.toISOString(),
      );
      const resumed = await patch(auth, need.id, { status: 'IN_PROGRESS' });
      expect(Math.abs(Date.parse(resumed.body.dueDate) - target.getTime())).toBeLessThan(5_000);
    });
  });

  describe('other fields', () => {
    it('sets the due date, custom fields and confidentiality, and clears the due date with null', async () => {
      const { org, auth, triage } = await setting();
      const need = await newNeed(api, org.id, triage.id, { customFields: { a: 1 } });
      const response = await patch(auth, need.id, {
        dueDate: '2030-01-01T00:00:00Z',
        customFields: { b: [2] },
        isConfidential: true,
      });
      expect(response.body).toMatchObject({
        dueDate: '2030-01-01T00:00:00.000Z',
        customFields: { b: [2] },
        isConfidential: true,
      });
      expect((await patch(auth, need.id, { dueDate: null })).body.dueDate).toBeNull();
      expect(await history(auth, need.id)).toEqual([]);
    });

    it('links a parent, never one of the need’s own descendants', async () => {
      const { org, auth, triage } = await setting();
      const root = await newNeed(api, org.id, triage.id);
      const child = await newNeed(api, org.id, triage.id, { parentNeedId: root.id });
      const grandchild = await newNeed(api, org.id, triage.id, { parentNeedId: child.id });
      for (const parentNeedId of [root.id, child.id, grandchild.id]) {
        const response = await patch(auth, root.id, { parentNeedId });
        expectProblem(response, 400, 'validation-error');
        expect(response.body.errors).toEqual([
          { field: 'parentNeedId', message: expect.any(String) },
        ]);
      }
      const other = await newNeed(api, org.id, triage.id);
      expect((await patch(auth, grandchild.id, { parentNeedId: other.id })).body.parentNeedId).toBe(
        other.id,
      );
      expect(
        (await patch(auth, grandchild.id, { parentNeedId: null })).body.parentNeedId,
      ).toBeNull();
      const elsewhere = await setting();
      const foreign = await newNeed(api, elsewhere.org.id, elsewhere.triage.id);
      expectProblem(
        await patch(auth, root.id, { parentNeedId: foreign.id }),
        400,
        'validation-error',
      );
    });
  });

  describe('who may change what', () => {
    it('lets a volunteer move the status of a need assigned to them, and nothing else', async () => {
      const { org, auth, pantry } = await setting();
      const volunteer = await newMember(api, org.id, { role: 'volunteer', partnerId: pantry.id });
      const mine = await newNeed(api, org.id, pantry.id, {
        status: 'ACCEPTED',
        assignedTo: volunteer.id,
      });
      const theirs = await newNeed(api, org.id, pantry.id, { status: 'ACCEPTED' });
      const asVolunteer = bearer(api, volunteer);
      expect((await patch(asVolunteer, mine.id, { status: 'IN_PROGRESS' })).body.status).toBe(
        'IN_PROGRESS',
      );
      expectProblem(
        await patch(asVolunteer, mine.id, { status: 'NEW' }),
        409,
        'invalid-status-transition',
      );
      expectProblem(await patch(asVolunteer, mine.id, { customFields: {} }), 403);
      expectProblem(await patch(asVolunteer, mine.id, { assignedTo: null }), 403);
      expectProblem(await patch(asVolunteer, theirs.id, { status: 'IN_PROGRESS' }), 404);
      expect((await api.http.get(`/api/needs/${mine.id}`).set(auth)).body.assignedTo).toBe(
        volunteer.id,
      );
    });

    it("limits a partner admin to its partner's needs", async () => {
      const { org, triage, pantry } = await setting();
      const pantryAdmin = await newMember(api, org.id, {
        role: 'partner_admin',
        partnerId: pantry.id,
      });
      const own = await newNeed(api, org.id, pantry.id);
      const other = await newNeed(api, org.id, triage.id);
      expect((await patch(bearer(api, pantryAdmin), own.id, { status: 'ACCEPTED' })).status).toBe(
        200,
      );
      expectProblem(await patch(bearer(api, pantryAdmin), other.id, { status: 'ACCEPTED' }), 404);
    });

    it('is 401 without a credential, 403 without the permission, 404 for another organization, 400 for a bad id', async () => {
      const { org, auth, triage } = await setting();
      const need = await newNeed(api, org.id, triage.id);
      expectProblem(
        await api.http.patch(`/api/needs/${need.id}`).send({ status: 'ACCEPTED' }),
        401,
      );
      const intake = await newMember(api, org.id, { role: 'staff', profiles: ['intake_staff'] });
      expectProblem(await patch(bearer(api, intake), need.id, { status: 'ACCEPTED' }), 403);
      const other = await setting();
      const foreign = await newNeed(api, other.org.id, other.triage.id);
      expectProblem(await patch(auth, foreign.id, { status: 'ACCEPTED' }), 404, 'not-found');
      expectProblem(await patch(auth, 'nope', { status: 'ACCEPTED' }), 400, 'validation-error');
    });
  });
});
