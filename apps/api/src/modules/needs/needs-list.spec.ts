import { randomUUID } from 'node:crypto';
import type { AccessProfile, MemberRole } from '@assist/contracts';
import type { MemberEntity } from '@app/database';
import {
  bearer,
  expectProblem,
  newConstituent,
  newMember,
  newNeed,
  newOrgWithAdmin,
  newPartner,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

describe('reading needs', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_MEMBER: '0' });
  });
  afterAll(() => api.close());

  const ids = (body: { id: string }[]) => body.map((need) => need.id);
  const list = (auth: Record<string, string>, query = '') =>
    api.http.get(`/api/needs${query}`).set(auth);

  /** An organization with two partners, a need of each, and members of every kind. */
  async function world() {
    const { org, admin, auth } = await newOrgWithAdmin(api);
    const north = await newPartner(api, org.id, { isDefault: true });
    const south = await newPartner(api, org.id);
    const member = (
      role: MemberRole,
      profiles: AccessProfile[] = [],
      partnerId: string | null = null,
    ) => newMember(api, org.id, { role, profiles, partnerId });
    const people = {
      admin,
      northAdmin: await member('partner_admin', [], north.id),
      northProcessor: await member('staff', ['needs_processor'], north.id),
      orgProcessor: await member('staff', ['needs_processor']),
      intake: await member('staff', ['intake_staff']),
      piiReader: await member('staff', ['needs_processor', 'pii_reader'], north.id),
      volunteer: await member('volunteer', [], north.id),
    };
    const needs = {
      north: await newNeed(api, org.id, north.id),
      south: await newNeed(api, org.id, south.id),
      createdByIntake: await newNeed(api, org.id, south.id, { createdBy: people.intake.id }),
      assigned: await newNeed(api, org.id, north.id, {
        status: 'ACCEPTED',
        assignedTo: people.volunteer.id,
      }),
      northSecret: await newNeed(api, org.id, north.id, { isConfidential: true }),
      assignedSecret: await newNeed(api, org.id, north.id, {
        isConfidential: true,
        status: 'ACCEPTED',
        assignedTo: people.northProcessor.id,
      }),
    };
    return { org, auth, north, south, people, needs };
  }

  describe('row scope (docs/PERMISSIONS.md)', () => {
    it.each([
      ['admin', ['north', 'south', 'createdByIntake', 'assigned', 'northSecret', 'assignedSecret']],
      ['northAdmin', ['north', 'assigned', 'northSecret', 'assignedSecret']],
      ['northProcessor', ['north', 'assigned', 'assignedSecret']],
      ['orgProcessor', ['north', 'south', 'createdByIntake', 'assigned']],
      ['piiReader', ['north', 'assigned', 'northSecret', 'assignedSecret']],
      ['intake', ['createdByIntake']],
      ['volunteer', ['assigned']],
    ] as const)('%s lists exactly its needs and reads no other by id', async (who, visible) => {
      const { people, needs } = await world();
      const auth = bearer(api, people[who]);
      const response = await list(auth);
      expect(response.status).toBe(200);
      expect(ids(response.body).sort()).toEqual(visible.map((name) => needs[name].id).sort());
      for (const [name, need] of Object.entries(needs)) {
        const read = await api.http.get(`/api/needs/${need.id}`).set(auth);
        expect({ name, status: read.status }).toEqual({
          name,
          status: (visible as readonly string[]).includes(name) ? 200 : 404,
        });
        const history = await api.http.get(`/api/needs/${need.id}/history`).set(auth);
        expect({ name, status: history.status }).toEqual({ name, status: read.status });
      }
    });

    it('is 403 for a member without need access, and 401 without a credential', async () => {
      const { org, needs } = await world();
      const clerk = await newMember(api, org.id, { role: 'staff', profiles: ['sms_manager'] });
      expectProblem(await list(bearer(api, clerk)), 403);
      expectProblem(
        await api.http.get(`/api/needs/${needs.north.id}`).set(bearer(api, clerk)),
        403,
      );
      expectProblem(
        await api.http.get(`/api/needs/${needs.north.id}/history`).set(bearer(api, clerk)),
        403,
      );
      expectProblem(await api.http.get('/api/needs'), 401);
      expectProblem(await api.http.get(`/api/needs/${needs.north.id}`), 401);
      expectProblem(await api.http.get(`/api/needs/${needs.north.id}/history`), 401);
    });

    it("answers another organization's need with 404 and lists none of them", async () => {
      const { auth } = await world();
      const other = await world();
      expectProblem(
        await api.http.get(`/api/needs/${other.needs.north.id}`).set(auth),
        404,
        'not-found',
      );
      expectProblem(
        await api.http.get(`/api/needs/${other.needs.north.id}/history`).set(auth),
        404,
      );
      expect(ids((await list(auth)).body)).not.toContain(other.needs.north.id);
    });

    it('is 400 for an id that is not a UUID', async () => {
      const { auth } = await world();
      expectProblem(await api.http.get('/api/needs/not-a-uuid').set(auth), 400, 'validation-error');
      expectProblem(
        await api.http.get('/api/needs/not-a-uuid/history').set(auth),
        400,
        'validation-error',
      );
    });
  });

  it('returns every documented field', async () => {
    const { auth, needs, north } = await world();
    const response = await api.http.get(`/api/needs/${needs.north.id}`).set(auth);
    expect(response.body).toEqual({
      id: needs.north.id,
      organizationId: needs.north.organizationId,
      partnerId: north.id,
      status: 'NEW',
      description: 'Test need',
      customFields: {},
      isConfidential: false,
      parentNeedId: null,
      assignedTo: null,
      createdBy: null,
      createdAt: needs.north.createdAt.toISOString(),
      updatedAt: expect.stringMatching(/Z$/),
      dueDate: needs.north.dueDate!.toISOString(),
      constituentId: null,
      householdId: null,
      duplicateWarning: null,
      referenceNumber: needs.north.referenceNumber,
      outcome: null,
      reason: null,
      slaHours: 24,
      isOverdue: false,
      resolvedAt: null,
    });
  });

  describe('filters', () => {
    it('filters by status (repeatable), partner, assignee, constituent, household and overdue', async () => {
      const { org, auth, north, south, people, needs } = await world();
      const constituent = await newConstituent(api, org.id);
      const late = await newNeed(api, org.id, south.id, { dueDate: new Date(Date.now() - 60_000) });
      const lateButAccepted = await newNeed(api, org.id, south.id, {
        status: 'ACCEPTED',
        dueDate: new Date(Date.now() - 60_000),
      });
      const linked = await newNeed(api, org.id, north.id, {
        constituentId: constituent.id,
        householdId: constituent.householdId,
      });
      const all = ids((await list(auth)).body);
      const filtered = async (query: string) => ids((await list(auth, query)).body);

      expect(await filtered('?status=ACCEPTED')).toEqual(
        expect.arrayContaining([lateButAccepted.id, needs.assigned.id, needs.assignedSecret.id]),
      );
      expect(await filtered('?status=ACCEPTED')).toHaveLength(3);
      expect(await filtered('?status=ACCEPTED&status=NEW')).toEqual(all);
      expect(await filtered('?status=RESOLVED')).toEqual([]);
      expect(await filtered(`?partnerId=${south.id}`)).toHaveLength(4);
      expect(await filtered(`?assignedTo=${people.volunteer.id}`)).toHaveLength(1);
      expect(await filtered(`?constituentId=${constituent.id}`)).toEqual([linked.id]);
      expect(await filtered(`?householdId=${constituent.householdId}`)).toEqual([linked.id]);
      expect(await filtered('?overdue=true')).toEqual([late.id]);
      expect(await filtered('?overdue=false')).toEqual(all.filter((id) => id !== late.id));
      const overdue = (await list(auth, '?overdue=true')).body[0];
      expect(overdue.isOverdue).toBe(true);
    });

    it('filters by creation time, inclusive at both ends', async () => {
      const { org, auth, north } = await world();
      const early = await newNeed(api, org.id, north.id, {
        createdAt: new Date('2025-01-01T10:00:00Z'),
      });
      const later = await newNeed(api, org.id, north.id, {
        createdAt: new Date('2025-01-02T10:00:00Z'),
      });
      const query = '?createdFrom=2025-01-01T10:00:00Z&createdTo=2025-01-02T10:00:00Z';
      expect(ids((await list(auth, query)).body)).toEqual([later.id, early.id]);
      expect(ids((await list(auth, '?createdTo=2025-01-01T23:59:59Z')).body)).toEqual([early.id]);
      expectProblem(
        await list(auth, '?createdFrom=2025-01-02T00:00:00Z&createdTo=2025-01-01T00:00:00Z'),
        400,
        'validation-error',
      );
    });

    it('searches the description (case-insensitively, literally) and reference numbers', async () => {
      const { org, auth, north } = await world();
      const coat = await newNeed(api, org.id, north.id, {
        description: 'Winter COAT for a child, 100% wool',
      });
      expect(ids((await list(auth, '?q=coat')).body)).toEqual([coat.id]);
      expect(ids((await list(auth, '?q=100%25')).body)).toEqual([coat.id]);
      expect(ids((await list(auth, '?q=_')).body)).toEqual([]);
      const byReference = await list(auth, `?q=${coat.referenceNumber.toLowerCase()}`);
      expect(ids(byReference.body)).toEqual([coat.id]);
    });

    it("keeps a text search to the caller's row scope and organization", async () => {
      const { org, north, south, people } = await world();
      const word = `blanket${Date.now()}`;
      const mine = await newNeed(api, org.id, north.id, { description: `A ${word} please` });
      const other = await newNeed(api, org.id, south.id, { description: `A ${word} please` });
      const secret = await newNeed(api, org.id, north.id, {
        description: `A ${word} please`,
        isConfidential: true,
      });
      const elsewhere = await newOrgWithAdmin(api);
      const foreign = await newNeed(
        api,
        elsewhere.org.id,
        (await newPartner(api, elsewhere.org.id)).id,
        {
          description: `A ${word} please`,
        },
      );
      const found = async (member: MemberEntity) =>
        ids((await list(bearer(api, member), `?q=${word}`)).body).sort();
      expect(await found(people.admin)).toEqual([mine.id, other.id, secret.id].sort());
      expect(await found(people.northProcessor)).toEqual([mine.id]);
      expect(await found(people.piiReader)).toEqual([mine.id, secret.id].sort());
      expect(await found(people.volunteer)).toEqual([]);
      expect(ids((await list(elsewhere.auth, `?q=${word}`)).body)).toEqual([foreign.id]);
    });

    it.each([
      ['?status=OPEN', 'status'],
      ['?status=new', 'status'],
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?limit=ten', 'limit'],
      ['?overdue=yes', 'overdue'],
      ['?partnerId=nope', 'partnerId'],
      ['?createdFrom=yesterday', 'createdFrom'],
      ['?cursor=garbage', 'cursor'],
      ['?sort=asc', 'sort'],
    ])('refuses %s with 400', async (query, field) => {
      const { auth } = await world();
      const response = await list(auth, query);
      expectProblem(response, 400, 'validation-error');
      expect(response.body.errors.map((error: { field: string }) => error.field)).toContain(field);
    });
  });

  describe('pagination', () => {
    function nextQuery(link: string | undefined): string | null {
      const match = /^<(\/api\/needs\?[^>]*)>; rel="next"$/.exec(link ?? '');
      return match ? match[1].slice('/api/needs'.length) : null;
    }

    it('pages newest first with a Link to the next page, keeping the filters', async () => {
      const { org, auth, south } = await world();
      const created = [];
      for (let index = 0; index < 5; index++) created.push(await newNeed(api, org.id, south.id));
      const first = await list(auth, `?partnerId=${south.id}&limit=4`);
      expect(first.body).toHaveLength(4);
      const next = nextQuery(first.headers.link);
      expect(next).toContain(`partnerId=${south.id}`);
      expect(next).toContain('limit=4');
      const second = await list(auth, next!);
      expect(second.body).toHaveLength(3);
      expect(second.headers.link).toBeUndefined();
      const walked = [...ids(first.body), ...ids(second.body)];
      const createdAt = [...first.body, ...second.body].map((need) => need.createdAt);
      expect(createdAt).toEqual([...createdAt].sort().reverse());
      expect(walked).toEqual(expect.arrayContaining(created.map((need) => need.id)));
      expect(new Set(walked).size).toBe(7);
    });

    it('has a default page of 50 and a maximum of 200', async () => {
      const { org, auth, north } = await world();
      await api.dataSource.query(
        `INSERT INTO need (organization_id, partner_id, description, reference_number, sla_hours)
         SELECT $1, $2, 'bulk', 'BLK-' || i, 24 FROM generate_series(1, 210) AS i`,
        [org.id, north.id],
      );
      expect((await list(auth)).body).toHaveLength(50);
      expect((await list(auth, '?limit=200')).body).toHaveLength(200);
    });

    it('never skips or repeats a need while needs are being added', async () => {
      const { org, auth, north } = await world();
      const existing = (await list(auth, '?limit=200')).body.length;
      for (let index = 0; index < 30; index++) await newNeed(api, org.id, north.id);
      const sameInstant = new Date();
      for (let index = 0; index < 6; index++)
        await newNeed(api, org.id, north.id, { createdAt: sameInstant });
      const before = ids((await list(auth, '?limit=200')).body);
      expect(before).toHaveLength(existing + 36);

      const seen: string[] = [];
      let query: string | null = '?limit=7';
      const adding: Promise<unknown>[] = [];
      while (query) {
        const page = await list(auth, query);
        expect(page.status).toBe(200);
        seen.push(...ids(page.body));
        adding.push(newNeed(api, org.id, north.id), newNeed(api, org.id, north.id));
        query = nextQuery(page.headers.link);
      }
      await Promise.all(adding);
      expect(seen).toEqual(before);
    });

    it('pages by a cursor made of the creation time and id, exact to the microsecond', async () => {
      const { org, auth, north } = await world();
      const micro = '2025-03-01 10:00:00.123456+00';
      const [a, b] = [randomUUID(), randomUUID()].sort().reverse();
      for (const id of [a, b]) {
        await api.dataSource.query(
          `INSERT INTO need (id, organization_id, partner_id, description, reference_number, sla_hours, created_at)
           VALUES ($1, $2, $3, 'same time', $4, 24, $5)`,
          [id, org.id, north.id, `MIC-${id === a ? '222222' : '333333'}`, micro],
        );
      }
      const first = await list(auth, '?q=same%20time&limit=1');
      expect(ids(first.body)).toEqual([a]);
      const second = await list(auth, nextQuery(first.headers.link)!);
      expect(ids(second.body)).toEqual([b]);
    });
  });
});
