import { randomUUID } from 'node:crypto';
import {
  APPLICATION_ROLE,
  AuditLog,
  organizationId,
  SYSTEM_ROLE,
  TenantContext,
} from '@app/database';
import { auditEntries, newOrg, recomputedHashes, TestApp } from '@app/testing';
import { startTestApi } from '../../../test/test-api';

/** The writer of the access audit log: append-only grants, gapless sequences, the hash chain. */
describe('AuditLog', () => {
  let api: TestApp;
  let tenant: TenantContext;
  let audit: AuditLog;

  beforeAll(async () => {
    api = await startTestApi();
    tenant = api.app.get(TenantContext);
    audit = api.app.get(AuditLog);
  });
  afterAll(() => api.close());

  function recordIn(org: string, subjectId = randomUUID()) {
    return tenant.run(organizationId(org), () =>
      tenant.transaction((tx) =>
        audit.record(tx, {
          action: 'constituent.update',
          subjectType: 'constituent',
          subjectId,
          details: { fields: ['lastName', 'email'] },
        }),
      ),
    );
  }

  it('lets the application roles only insert and select audit entries', async () => {
    const grants = await api.ownerQuery(
      `SELECT grantee, privilege_type AS privilege FROM information_schema.role_table_grants
        WHERE table_name = 'audit_event' AND grantee = ANY ($1) ORDER BY 1, 2`,
      [[APPLICATION_ROLE, SYSTEM_ROLE]],
    );
    expect(grants).toEqual([
      { grantee: APPLICATION_ROLE, privilege: 'INSERT' },
      { grantee: APPLICATION_ROLE, privilege: 'SELECT' },
      { grantee: SYSTEM_ROLE, privilege: 'INSERT' },
      { grantee: SYSTEM_ROLE, privilege: 'SELECT' },
    ]);
    for (const role of [APPLICATION_ROLE, SYSTEM_ROLE]) {
      const [refused] = await api.ownerQuery(
        `SELECT has_table_privilege($1, 'audit_event', 'UPDATE') AS update,
                has_table_privilege($1, 'audit_event', 'DELETE') AS delete,
                has_table_privilege($1, 'audit_event', 'TRUNCATE') AS truncate`,
        [role],
      );
      expect(refused).toEqual({ update: false, delete: false, truncate: false });
    }
  });

  it('refuses an UPDATE or DELETE of an entry from the application role', async () => {
    const org = await newOrg(api);
    await recordIn(org.id);
    await tenant.run(organizationId(org.id), async () => {
      await expect(tenant.manager.query(`UPDATE audit_event SET action = 'x'`)).rejects.toThrow(
        /permission denied/,
      );
      await expect(tenant.manager.query(`DELETE FROM audit_event`)).rejects.toThrow(
        /permission denied/,
      );
    });
  });

  it('numbers concurrent entries from 1 without gaps and chains each to the one before', async () => {
    const org = await newOrg(api);
    await Promise.all(Array.from({ length: 30 }, () => recordIn(org.id)));
    const entries = await auditEntries(api, org.id);
    expect(entries.map((entry) => entry.sequence)).toEqual(
      Array.from({ length: 30 }, (_, index) => index + 1),
    );
    expect(entries.map((entry) => entry.hash)).toEqual(recomputedHashes(entries));
  });

  it('keeps each organization its own chain and leaves no gap when a transaction rolls back', async () => {
    const [a, b] = [await newOrg(api), await newOrg(api)];
    await recordIn(a.id);
    await recordIn(b.id);
    await expect(
      tenant.run(organizationId(a.id), () =>
        tenant.transaction(async (tx) => {
          await audit.record(tx, {
            action: 'member.update',
            subjectType: 'member',
            subjectId: randomUUID(),
          });
          throw new Error('the change fails');
        }),
      ),
    ).rejects.toThrow('the change fails');
    await recordIn(a.id);
    const entries = await auditEntries(api, a.id);
    expect(entries.map((entry) => [entry.sequence, entry.action])).toEqual([
      [1, 'constituent.update'],
      [2, 'constituent.update'],
    ]);
    expect(entries.map((entry) => entry.hash)).toEqual(recomputedHashes(entries));
    expect((await auditEntries(api, b.id)).map((entry) => entry.sequence)).toEqual([1]);
  });

  it('hashes details that need escaping and sorting exactly as the documented recipe', async () => {
    const org = await newOrg(api);
    await tenant.run(organizationId(org.id), () =>
      tenant.transaction((tx) =>
        audit.record(tx, {
          action: 'settings.update',
          subjectType: 'organization',
          subjectId: null,
          details: {
            zeta: ['quote " backslash \\ newline \n tab \t bell \u0007', 'é \u2028 😀'],
            alpha: { b: [1, true, null, -2.5], a: {} },
            10: 'ten',
            9: 'nine',
          },
        }),
      ),
    );
    const entries = await auditEntries(api, org.id);
    expect(entries.map((entry) => entry.hash)).toEqual(recomputedHashes(entries));
  });

  it("refuses to record a read's entry inside a transaction, which could wait on its own lock", async () => {
    const org = await newOrg(api);
    const read = () =>
      audit.recordRead({ action: 'need.read', subjectType: 'need', subjectId: randomUUID() });
    await expect(
      tenant.run(organizationId(org.id), () => tenant.transaction(read)),
    ).rejects.toThrow(/inside a database transaction/);
    await tenant.run(organizationId(org.id), read);
    expect((await auditEntries(api, org.id)).map((entry) => entry.action)).toEqual(['need.read']);
  });

  it('records the system as the actor outside a request', async () => {
    const org = await newOrg(api);
    await recordIn(org.id);
    const [entry] = await auditEntries(api, org.id);
    expect(entry).toMatchObject({
      actorType: 'SYSTEM',
      actorId: null,
      requestId: null,
      clientIp: null,
      details: { fields: ['lastName', 'email'] },
    });
    expect(entry.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
