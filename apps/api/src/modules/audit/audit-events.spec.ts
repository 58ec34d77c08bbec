import { randomUUID } from 'node:crypto';
import type { AuditAction } from '@assist/contracts';
import { type AuditActor, AuditLog, organizationId, TenantContext } from '@app/database';
import {
  auditEntries,
  bearer,
  expectProblem,
  newMember,
  newOrgWithAdmin,
  recomputedHashes,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

describe('GET /api/audit-events and /verify', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_MEMBER: '0' });
  });
  afterAll(() => api.close());

  interface Recorded {
    action?: AuditAction;
    subjectId?: string;
    actor?: AuditActor;
  }

  /** Appends entries to the organization's log as the service does, one transaction each. */
  async function record(org: string, entries: Recorded[]): Promise<void> {
    const tenant = api.app.get(TenantContext);
    const audit = api.app.get(AuditLog);
    for (const entry of entries) {
      await tenant.run(organizationId(org), () =>
        tenant.transaction((tx) =>
          audit.record(tx, {
            action: entry.action ?? 'constituent.update',
            subjectType: 'constituent',
            subjectId: entry.subjectId ?? randomUUID(),
            details: { fields: ['firstName'] },
            actor: entry.actor,
          }),
        ),
      );
    }
  }

  /** An organization with an admin and three entries: an update, a login, a failed login. */
  async function world() {
    const { org, admin, auth } = await newOrgWithAdmin(api);
    const subjectId = randomUUID();
    await record(org.id, [
      { subjectId, actor: { type: 'MEMBER', id: admin.id } },
      { action: 'auth.login', actor: { type: 'MEMBER', id: admin.id } },
      { action: 'auth.login_failed', subjectId, actor: { type: 'PUBLIC', id: null } },
    ]);
    return { org, admin, auth, subjectId };
  }

  const sequences = (body: { sequence: number }[]) => body.map((entry) => entry.sequence);

  function nextQuery(link: string | undefined): string | null {
    const match = /^<(\/api\/audit-events\?[^>]*)>; rel="next"$/.exec(link ?? '');
    return match ? match[1] : null;
  }

  describe('listing', () => {
    it('answers the entries newest first, each as stored, hash included', async () => {
      const { org, auth } = await world();
      const response = await api.http.get('/api/audit-events').set(auth);
      expect(response.status).toBe(200);
      const stored = await auditEntries(api, org.id);
      expect(response.body).toEqual([...stored].reverse());
      expect(sequences(response.body)).toEqual([3, 2, 1]);
    });

    it('filters by actor, subject, actions (repeatable) and an inclusive time range', async () => {
      const { org, admin, auth, subjectId } = await world();
      const list = async (query: string) =>
        sequences((await api.http.get(`/api/audit-events?${query}`).set(auth).expect(200)).body);
      expect(await list(`actorId=${admin.id}`)).toEqual([2, 1]);
      expect(await list(`subjectId=${subjectId}`)).toEqual([3, 1]);
      expect(await list('action=auth.login')).toEqual([2]);
      expect(await list('action=auth.login&action=auth.login_failed')).toEqual([3, 2]);
      const [, second] = await auditEntries(api, org.id);
      const at = encodeURIComponent(second.at);
      expect(await list(`from=${at}&to=${at}`)).toEqual([2]);
      expect(await list(`from=${at}&action=auth.login_failed`)).toEqual([3]);
    });

    it('pages with limit and the Link header, keeping the filters', async () => {
      const { auth } = await world();
      const first = await api.http
        .get('/api/audit-events?limit=2&action=auth.login&action=constituent.update')
        .set(auth);
      expect(sequences(first.body)).toEqual([2, 1]);
      expect(first.headers.link).toBeUndefined();
      const page = await api.http.get('/api/audit-events?limit=2').set(auth);
      expect(sequences(page.body)).toEqual([3, 2]);
      const next = nextQuery(page.headers.link);
      expect(next).toMatch(/limit=2/);
      const second = await api.http.get(next!).set(auth);
      expect(sequences(second.body)).toEqual([1]);
      expect(second.headers.link).toBeUndefined();
    });

    it.each([
      ['action=constituent.delete', 'action'],
      ['action=auth.login&action=nope', 'action'],
      ['actorId=not-a-uuid', 'actorId'],
      ['subjectId=42', 'subjectId'],
      ['from=yesterday', 'from'],
      ['from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'to'],
      ['limit=201', 'limit'],
      ['limit=0', 'limit'],
      ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ])('refuses %s with 400 naming %s', async (query, field) => {
      const { auth } = await newOrgWithAdmin(api);
      const response = await api.http.get(`/api/audit-events?${query}`).set(auth);
      expectProblem(response, 400, 'validation-error');
      expect(response.body.errors).toContainEqual(expect.objectContaining({ field }));
    });

    it("shows no entry of another organization, even filtered by that organization's ids", async () => {
      const a = await world();
      const b = await newOrgWithAdmin(api);
      for (const query of ['', `?subjectId=${a.subjectId}`, `?actorId=${a.admin.id}`]) {
        const response = await api.http.get(`/api/audit-events${query}`).set(b.auth);
        expect({ query, status: response.status, body: response.body }).toEqual({
          query,
          status: 200,
          body: [],
        });
      }
    });
  });

  describe('verifying', () => {
    it('recomputes the whole chain and reports its end', async () => {
      const { org, auth } = await world();
      await record(org.id, [{}, {}]);
      const entries = await auditEntries(api, org.id);
      const hashes = recomputedHashes(entries);
      expect(hashes).toEqual(entries.map((entry) => entry.hash));
      const response = await api.http.get('/api/audit-events/verify').set(auth);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        verified: true,
        entries: 5,
        lastSequence: 5,
        lastHash: hashes[4],
        firstBrokenSequence: null,
      });
    });

    it('names the first entry changed behind the service', async () => {
      const { org, auth } = await world();
      await record(org.id, [{}]);
      await api.ownerQuery(
        `UPDATE audit_event SET details = '{"fields":["lastName"]}'
          WHERE organization_id = $1 AND sequence = 2`,
        [org.id],
      );
      const response = await api.http.get('/api/audit-events/verify').set(auth).expect(200);
      expect(response.body).toMatchObject({
        verified: false,
        entries: 4,
        lastSequence: 4,
        firstBrokenSequence: 2,
      });
    });

    it('names the first missing entry when one was deleted, in the middle or at the end', async () => {
      const { org, auth } = await world();
      await api.ownerQuery(`DELETE FROM audit_event WHERE organization_id = $1 AND sequence = 2`, [
        org.id,
      ]);
      const middle = await api.http.get('/api/audit-events/verify').set(auth).expect(200);
      expect(middle.body).toMatchObject({ verified: false, entries: 2, firstBrokenSequence: 2 });
      const other = await world();
      await api.ownerQuery(`DELETE FROM audit_event WHERE organization_id = $1 AND sequence = 3`, [
        other.org.id,
      ]);
      const end = await api.http.get('/api/audit-events/verify').set(other.auth).expect(200);
      expect(end.body).toMatchObject({
        verified: false,
        entries: 2,
        lastSequence: 2,
        firstBrokenSequence: 3,
      });
    });

    it('verifies an empty log', async () => {
      const { auth } = await newOrgWithAdmin(api);
      const response = await api.http.get('/api/audit-events/verify').set(auth).expect(200);
      expect(response.body).toEqual({
        verified: true,
        entries: 0,
        lastSequence: 0,
        lastHash: '0'.repeat(64),
        firstBrokenSequence: null,
      });
    });
  });

  describe.each(['/api/audit-events', '/api/audit-events/verify'])('%s', (path) => {
    it('needs a credential (401)', async () => {
      expectProblem(await api.http.get(path), 401);
    });

    it('is for org_admin only (403 for everyone else)', async () => {
      const { org } = await newOrgWithAdmin(api);
      for (const options of [
        { role: 'partner_admin' as const },
        {
          role: 'staff' as const,
          profiles: ['pii_reader' as const, 'duplicate_resolver' as const],
        },
      ]) {
        const member = await newMember(api, org.id, options);
        expectProblem(await api.http.get(path).set(bearer(api, member)), 403);
      }
    });
  });
});
