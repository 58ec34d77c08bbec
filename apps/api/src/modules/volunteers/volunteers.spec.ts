import type { Response } from 'supertest';
import { VolunteerShiftEntity } from '@app/database';
import {
  bearer,
  expectProblem,
  newMember,
  newOrg,
  newOrgWithAdmin,
  newPartner,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

type AuthHeader = Record<string, string>;

const BASE = Date.parse('2030-03-04T00:00:00Z');
/** The instant `hours` after a fixed base, as sent on the wire. */
const at = (hours: number) => new Date(BASE + hours * 3600_000).toISOString();

const fieldsOf = (response: Response): string[] =>
  [...new Set<string>(response.body.errors.map((error: { field: string }) => error.field))].sort();

const idsOf = (response: Response): string[] =>
  response.body.map((shift: { id: string }) => shift.id);

describe('volunteer shifts', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  /** An organization with an admin, two partners, their admins and volunteers. */
  async function world() {
    const { org, admin, auth } = await newOrgWithAdmin(api);
    const partner = await newPartner(api, org.id);
    const otherPartner = await newPartner(api, org.id);
    const partnerAdmin = await newMember(api, org.id, {
      role: 'partner_admin',
      partnerId: partner.id,
    });
    const volunteer = await newMember(api, org.id, { role: 'volunteer', partnerId: partner.id });
    const otherVolunteer = await newMember(api, org.id, { role: 'volunteer' });
    return { org, admin, auth, partner, otherPartner, partnerAdmin, volunteer, otherVolunteer };
  }

  function newShift(
    organizationId: string,
    volunteerUserId: string,
    partnerId: string | null,
    startHour: number,
    hours = 2,
  ): Promise<VolunteerShiftEntity> {
    const repository = api.dataSource.getRepository(VolunteerShiftEntity);
    return repository.save(
      repository.create({
        organizationId,
        volunteerUserId,
        partnerId,
        startTime: new Date(at(startHour)),
        endTime: new Date(at(startHour + hours)),
      }),
    );
  }

  const schedule = (auth: AuthHeader, body: object) =>
    api.http.post('/api/volunteers/schedule').set(auth).send(body);

  describe('POST /api/volunteers/schedule', () => {
    it('schedules a shift with 201, Location and the shift record', async () => {
      const { org, auth, partner, volunteer } = await world();
      const response = await schedule(auth, {
        volunteer_user_id: volunteer.id,
        partner_id: partner.id,
        start_time: '2030-03-04T09:00:00+02:00',
        end_time: at(10),
      });
      expect(response.status).toBe(201);
      expect(response.headers.location).toBe(`/api/volunteers/schedule/${response.body.id}`);
      expect(response.body).toEqual({
        id: expect.any(String),
        organization_id: org.id,
        volunteer_user_id: volunteer.id,
        partner_id: partner.id,
        start_time: at(7),
        end_time: at(10),
        created_at: expect.stringMatching(/Z$/),
        updated_at: expect.stringMatching(/Z$/),
      });
    });

    it("defaults partner_id to the caller's own partner (none for an org admin)", async () => {
      const { auth, partner, partnerAdmin, volunteer } = await world();
      const byAdmin = await schedule(auth, {
        volunteer_user_id: volunteer.id,
        start_time: at(0),
        end_time: at(1),
      });
      expect(byAdmin.body.partner_id).toBeNull();
      const byPartnerAdmin = await schedule(bearer(api, partnerAdmin), {
        volunteer_user_id: volunteer.id,
        start_time: at(2),
        end_time: at(3),
      });
      expect(byPartnerAdmin.body.partner_id).toBe(partner.id);
    });

    it('accepts a shift of exactly 24 hours and back-to-back shifts', async () => {
      const { auth, volunteer } = await world();
      const body = (start: number, hours: number) => ({
        volunteer_user_id: volunteer.id,
        start_time: at(start),
        end_time: at(start + hours),
      });
      expect((await schedule(auth, body(0, 24))).status).toBe(201);
      expect((await schedule(auth, body(24, 1))).status).toBe(201);
    });

    it('refuses an empty body with 400 naming the required fields', async () => {
      const { auth } = await world();
      const response = await schedule(auth, {});
      expectProblem(response, 400, 'validation-error');
      expect(fieldsOf(response)).toEqual(['end_time', 'start_time', 'volunteer_user_id']);
    });

    it.each([
      [{ volunteer_user_id: 'nope', partner_id: 'nope' }, ['partner_id', 'volunteer_user_id']],
      [{ start_time: '2030-03-04', end_time: '2030-03-04T10:00:00' }, ['end_time', 'start_time']],
      [{ start_time: '2030-02-30T10:00:00Z', end_time: 'tomorrow' }, ['end_time', 'start_time']],
      [{ organization_id: '7d0e5f0e-2a4a-4c1e-9a57-1d5b8f0c1a11' }, ['organization_id']],
    ])('refuses a valid body changed by %j with 400 naming %j', async (change, fields) => {
      const { auth, volunteer } = await world();
      const response = await schedule(auth, {
        volunteer_user_id: volunteer.id,
        start_time: at(0),
        end_time: at(1),
        ...change,
      });
      expectProblem(response, 400, 'validation-error');
      expect(fieldsOf(response)).toEqual(fields);
    });

    it.each([
      ['ends before it starts', 5, 4],
      ['is empty', 5, 5],
      ['is longer than 24 hours', 0, 24.5],
    ])('refuses a shift that %s with 400 naming end_time', async (_case, start, end) => {
      const { auth, volunteer } = await world();
      const response = await schedule(auth, {
        volunteer_user_id: volunteer.id,
        start_time: at(start),
        end_time: at(end),
      });
      expectProblem(response, 400, 'validation-error');
      expect(fieldsOf(response)).toEqual(['end_time']);
    });

    it('refuses a volunteer who is not an active member of the organization', async () => {
      const { org, auth } = await world();
      const inactive = await newMember(api, org.id, { role: 'volunteer', isActive: false });
      const foreign = await newMember(api, (await newOrg(api)).id, { role: 'volunteer' });
      for (const volunteerId of [inactive.id, foreign.id, crypto.randomUUID()]) {
        const response = await schedule(auth, {
          volunteer_user_id: volunteerId,
          start_time: at(0),
          end_time: at(1),
        });
        expectProblem(response, 400, 'validation-error');
        expect(fieldsOf(response)).toEqual(['volunteer_user_id']);
      }
    });

    it("refuses another organization's partner with 400 naming partner_id", async () => {
      const { auth, volunteer } = await world();
      const foreign = await newPartner(api, (await newOrg(api)).id);
      const response = await schedule(auth, {
        volunteer_user_id: volunteer.id,
        partner_id: foreign.id,
        start_time: at(0),
        end_time: at(1),
      });
      expectProblem(response, 400, 'validation-error');
      expect(fieldsOf(response)).toEqual(['partner_id']);
    });

    it('refuses an overlapping shift of the same volunteer with 409', async () => {
      const { org, auth, volunteer, otherVolunteer } = await world();
      await newShift(org.id, volunteer.id, null, 10, 4);
      const overlapping = await schedule(auth, {
        volunteer_user_id: volunteer.id,
        start_time: at(13),
        end_time: at(15),
      });
      expectProblem(overlapping, 409, 'conflict');
      const someoneElse = await schedule(auth, {
        volunteer_user_id: otherVolunteer.id,
        start_time: at(13),
        end_time: at(15),
      });
      expect(someoneElse.status).toBe(201);
    });

    it('lets exactly one of two concurrent overlapping shifts win', async () => {
      const { org, auth, volunteer } = await world();
      const responses = await Promise.all(
        [0, 1].map((offset) =>
          schedule(auth, {
            volunteer_user_id: volunteer.id,
            start_time: at(offset),
            end_time: at(offset + 3),
          }),
        ),
      );
      expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
      const [{ count }] = await api.dataSource.query(
        'SELECT count(*)::int AS count FROM volunteer_shift WHERE organization_id = $1',
        [org.id],
      );
      expect(count).toBe(1);
    });

    it('lets a volunteer schedule only themselves (403 otherwise)', async () => {
      const { volunteer, otherVolunteer } = await world();
      const auth = bearer(api, volunteer);
      const own = await schedule(auth, {
        volunteer_user_id: volunteer.id,
        start_time: at(0),
        end_time: at(1),
      });
      expect(own.status).toBe(201);
      const other = await schedule(auth, {
        volunteer_user_id: otherVolunteer.id,
        start_time: at(0),
        end_time: at(1),
      });
      expectProblem(other, 403, 'forbidden');
    });

    it('lets a partner_admin schedule only at its own partner (403 otherwise)', async () => {
      const { partnerAdmin, otherPartner, volunteer } = await world();
      const response = await schedule(bearer(api, partnerAdmin), {
        volunteer_user_id: volunteer.id,
        partner_id: otherPartner.id,
        start_time: at(0),
        end_time: at(1),
      });
      expectProblem(response, 403, 'forbidden');
    });

    it("lets a partner_admin schedule only its own partner's members, as if no other existed", async () => {
      const { org, partner, otherPartner, partnerAdmin, volunteer, otherVolunteer } = await world();
      const auth = bearer(api, partnerAdmin);
      const atOtherPartner = await newMember(api, org.id, {
        role: 'volunteer',
        partnerId: otherPartner.id,
      });
      const orgAdmin = await newMember(api, org.id);
      const foreign = await newMember(api, (await newOrg(api)).id, { role: 'volunteer' });
      for (const outside of [otherVolunteer, atOtherPartner, orgAdmin, foreign]) {
        const response = await schedule(auth, {
          volunteer_user_id: outside.id,
          start_time: at(0),
          end_time: at(1),
        });
        expectProblem(response, 400, 'validation-error');
        expect(response.body.errors).toEqual([
          { field: 'volunteer_user_id', message: 'must be an active member of your partner' },
        ]);
      }
      const own = await schedule(auth, {
        volunteer_user_id: volunteer.id,
        start_time: at(0),
        end_time: at(1),
      });
      expect(own.status).toBe(201);
      expect(own.body.partner_id).toBe(partner.id);
    });

    it('is 401 without a credential and 403 for staff', async () => {
      const { org, volunteer } = await world();
      const body = { volunteer_user_id: volunteer.id, start_time: at(0), end_time: at(1) };
      expectProblem(await api.http.post('/api/volunteers/schedule').send(body), 401);
      const staff = await newMember(api, org.id, { role: 'staff', profiles: ['needs_processor'] });
      expectProblem(await schedule(bearer(api, staff), body), 403, 'forbidden');
    });
  });

  describe('PATCH /api/volunteers/schedule/{id}', () => {
    const patch = (auth: AuthHeader, id: string, body: object) =>
      api.http.patch(`/api/volunteers/schedule/${id}`).set(auth).send(body);

    it('changes the end time and keeps the rest', async () => {
      const { org, auth, volunteer, partner } = await world();
      const shift = await newShift(org.id, volunteer.id, partner.id, 0, 2);
      const response = await patch(auth, shift.id, { end_time: at(5) });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: shift.id,
        partner_id: partner.id,
        start_time: at(0),
        end_time: at(5),
      });
      expect(Date.parse(response.body.updated_at)).toBeGreaterThanOrEqual(
        shift.updatedAt.getTime(),
      );
    });

    it.each([
      [{ start_time: 'soon' }, ['start_time']],
      [{ start_time: at(3) }, ['start_time']],
      [{ end_time: at(-1) }, ['end_time']],
      [{ start_time: at(0), end_time: at(25) }, ['end_time']],
      [{ end_time: null }, ['end_time']],
      [{ partner_id: null }, ['partner_id']],
    ])('refuses %j with 400', async (body, fields) => {
      const { org, auth, volunteer } = await world();
      const shift = await newShift(org.id, volunteer.id, null, 0, 2);
      const response = await patch(auth, shift.id, body);
      expectProblem(response, 400, 'validation-error');
      expect(fieldsOf(response)).toEqual(fields);
    });

    it('refuses a change that overlaps another shift of the volunteer with 409', async () => {
      const { org, auth, volunteer } = await world();
      const first = await newShift(org.id, volunteer.id, null, 0, 2);
      await newShift(org.id, volunteer.id, null, 4, 2);
      expectProblem(await patch(auth, first.id, { end_time: at(5) }), 409, 'conflict');
    });

    it('is 404 outside the caller scope and for another organization', async () => {
      const { org, auth, volunteer, otherVolunteer, otherPartner, partnerAdmin } = await world();
      const othersShift = await newShift(org.id, otherVolunteer.id, otherPartner.id, 0);
      const foreignOrg = await newOrg(api);
      const foreignShift = await newShift(
        foreignOrg.id,
        (await newMember(api, foreignOrg.id, { role: 'volunteer' })).id,
        null,
        0,
      );
      const body = { end_time: at(3) };
      expectProblem(await patch(bearer(api, volunteer), othersShift.id, body), 404, 'not-found');
      expectProblem(await patch(bearer(api, partnerAdmin), othersShift.id, body), 404);
      expectProblem(await patch(auth, foreignShift.id, body), 404, 'not-found');
      expectProblem(await patch(auth, 'not-a-uuid', body), 400, 'validation-error');
    });

    it('lets volunteers and partner admins change shifts in their scope', async () => {
      const { org, volunteer, partner, partnerAdmin } = await world();
      const shift = await newShift(org.id, volunteer.id, partner.id, 0);
      expect((await patch(bearer(api, volunteer), shift.id, { end_time: at(3) })).status).toBe(200);
      const byPartnerAdmin = await patch(bearer(api, partnerAdmin), shift.id, { end_time: at(4) });
      expect(byPartnerAdmin.body.end_time).toBe(at(4));
    });

    it('is 401 without a credential and 403 for staff', async () => {
      const { org, volunteer } = await world();
      const shift = await newShift(org.id, volunteer.id, null, 0);
      const url = `/api/volunteers/schedule/${shift.id}`;
      expectProblem(await api.http.patch(url).send({ end_time: at(3) }), 401);
      const staff = await newMember(api, org.id, { role: 'staff' });
      expectProblem(await patch(bearer(api, staff), shift.id, { end_time: at(3) }), 403);
    });
  });

  describe('GET /api/volunteers/schedule', () => {
    const list = (auth: AuthHeader, query: Record<string, string | number> = {}) =>
      api.http.get('/api/volunteers/schedule').set(auth).query(query);

    async function scheduled() {
      const setup = await world();
      const { org, volunteer, otherVolunteer, partner, otherPartner } = setup;
      const late = await newShift(org.id, volunteer.id, partner.id, 20);
      const early = await newShift(org.id, volunteer.id, null, 0);
      const middle = await newShift(org.id, otherVolunteer.id, otherPartner.id, 10);
      const foreignOrg = await newOrg(api);
      await newShift(
        foreignOrg.id,
        (await newMember(api, foreignOrg.id, { role: 'volunteer' })).id,
        null,
        0,
      );
      return { ...setup, early, middle, late };
    }

    it('lists the organization shifts by start time for an org admin', async () => {
      const { auth, early, middle, late } = await scheduled();
      const response = await list(auth);
      expect(response.status).toBe(200);
      expect(idsOf(response)).toEqual([early.id, middle.id, late.id]);
      expect(response.body[0]).toEqual({
        id: early.id,
        organization_id: early.organizationId,
        volunteer_user_id: early.volunteerUserId,
        partner_id: null,
        start_time: at(0),
        end_time: at(2),
        created_at: early.createdAt.toISOString(),
        updated_at: early.updatedAt.toISOString(),
      });
    });

    it('filters by volunteer, partner, overlapping range and limit', async () => {
      const { auth, volunteer, partner, early, middle, late } = await scheduled();
      expect(idsOf(await list(auth, { volunteer_user_id: volunteer.id }))).toEqual([
        early.id,
        late.id,
      ]);
      expect(idsOf(await list(auth, { partner_id: partner.id }))).toEqual([late.id]);
      expect(idsOf(await list(auth, { from: at(1), to: at(11) }))).toEqual([early.id, middle.id]);
      expect(idsOf(await list(auth, { from: at(2), to: at(10) }))).toEqual([]);
      expect(idsOf(await list(auth, { from: at(12) }))).toEqual([late.id]);
      expect(idsOf(await list(auth, { limit: 2 }))).toEqual([early.id, middle.id]);
    });

    it.each([
      [{ from: at(5), to: at(4) }, ['to']],
      [{ limit: 0 }, ['limit']],
      [{ limit: 501 }, ['limit']],
      [{ limit: 'ten' }, ['limit']],
      [{ from: 'yesterday', volunteer_user_id: 'me' }, ['from', 'volunteer_user_id']],
      [{ page: 2 }, ['page']],
    ])('refuses the query %j with 400', async (query, fields) => {
      const { auth } = await world();
      const response = await list(auth, query);
      expectProblem(response, 400, 'validation-error');
      expect(fieldsOf(response)).toEqual(fields);
    });

    it("shows a volunteer only their own shifts, and nothing for another's id", async () => {
      const { volunteer, otherVolunteer, early, late } = await scheduled();
      const auth = bearer(api, volunteer);
      expect(idsOf(await list(auth))).toEqual([early.id, late.id]);
      expect(idsOf(await list(auth, { volunteer_user_id: otherVolunteer.id }))).toEqual([]);
    });

    it("shows a partner admin only its partner's shifts", async () => {
      const { partnerAdmin, otherPartner, late } = await scheduled();
      const auth = bearer(api, partnerAdmin);
      expect(idsOf(await list(auth))).toEqual([late.id]);
      expect(idsOf(await list(auth, { partner_id: otherPartner.id }))).toEqual([]);
    });

    it('is 401 without a credential and 403 for staff', async () => {
      const { org } = await world();
      expectProblem(await api.http.get('/api/volunteers/schedule'), 401);
      const staff = await newMember(api, org.id, { role: 'staff', profiles: ['intake_staff'] });
      expectProblem(await list(bearer(api, staff)), 403, 'forbidden');
    });
  });

  describe('DELETE /api/volunteers/schedule/{id}', () => {
    const cancel = (auth: AuthHeader, id: string) =>
      api.http.delete(`/api/volunteers/schedule/${id}`).set(auth);

    it('cancels a shift with 204; it is gone afterwards', async () => {
      const { org, auth, volunteer } = await world();
      const shift = await newShift(org.id, volunteer.id, null, 0);
      const response = await cancel(auth, shift.id);
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      expectProblem(await cancel(auth, shift.id), 404, 'not-found');
      expect(idsOf(await api.http.get('/api/volunteers/schedule').set(auth))).toEqual([]);
    });

    it('lets a volunteer cancel their own shift', async () => {
      const { org, volunteer } = await world();
      const shift = await newShift(org.id, volunteer.id, null, 0);
      expect((await cancel(bearer(api, volunteer), shift.id)).status).toBe(204);
    });

    it('is 404 outside the caller scope and for another organization', async () => {
      const { org, auth, volunteer, otherVolunteer, otherPartner, partnerAdmin } = await world();
      const othersShift = await newShift(org.id, otherVolunteer.id, otherPartner.id, 0);
      const foreignOrg = await newOrg(api);
      const foreignShift = await newShift(
        foreignOrg.id,
        (await newMember(api, foreignOrg.id, { role: 'volunteer' })).id,
        null,
        0,
      );
      expectProblem(await cancel(bearer(api, volunteer), othersShift.id), 404, 'not-found');
      expectProblem(await cancel(bearer(api, partnerAdmin), othersShift.id), 404, 'not-found');
      expectProblem(await cancel(auth, foreignShift.id), 404, 'not-found');
      const [{ count }] = await api.dataSource.query(
        'SELECT count(*)::int AS count FROM volunteer_shift WHERE id = ANY($1)',
        [[othersShift.id, foreignShift.id]],
      );
      expect(count).toBe(2);
    });

    it('is 401 without a credential and 403 for staff', async () => {
      const { org, volunteer } = await world();
      const shift = await newShift(org.id, volunteer.id, null, 0);
      expectProblem(await api.http.delete(`/api/volunteers/schedule/${shift.id}`), 401);
      const staff = await newMember(api, org.id, { role: 'staff' });
      expectProblem(await cancel(bearer(api, staff), shift.id), 403, 'forbidden');
    });
  });
});
