import { AUDIT_ACTIONS } from '@assist/contracts';
import {
  auditEntries,
  expectProblem,
  newConstituent,
  newMember,
  newOrgWithAdmin,
  recomputedHashes,
  refuseAuditEntries,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

const CHANGES = AUDIT_ACTIONS.filter((action) => !/\.(read|search)$/.test(action));

/** Each change the API makes today is logged in its own transaction, with who, where and what. */
describe('audit entries of changes', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_MEMBER: '0' });
  });
  afterAll(() => api.close());

  const changes = (org: string) => auditEntries(api, org, [...CHANGES]);

  it('records constituent.create with the member, the request id and the client address', async () => {
    const { org, admin, auth } = await newOrgWithAdmin(api);
    const response = await api.http
      .post('/api/constituents')
      .set(auth)
      .set('X-Request-Id', 'create-request-1')
      .send({ firstName: 'Ana', lastName: 'Lopez', email: 'ana@example.org' });
    expect(response.status).toBe(201);
    const entries = await changes(org.id);
    expect(entries).toEqual([
      expect.objectContaining({
        sequence: 1,
        actorType: 'MEMBER',
        actorId: admin.id,
        action: 'constituent.create',
        subjectType: 'constituent',
        subjectId: response.body.id,
        requestId: 'create-request-1',
        clientIp: expect.stringMatching(/\d/),
        details: {},
      }),
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/Ana|Lopez|ana@example/);
  });

  it('records constituent.update with the names of the fields that changed, never their values', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    const constituent = await newConstituent(api, org.id, { firstName: 'Ana', lastName: 'Lopez' });
    const response = await api.http
      .put(`/api/constituents/${constituent.id}`)
      .set(auth)
      .send({ firstName: 'Ana', lastName: 'Vega', email: 'ana.vega@example.org' });
    expect(response.status).toBe(200);
    const entries = await changes(org.id);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'constituent.update',
        subjectId: constituent.id,
        details: { fields: ['email', 'lastName'] },
      }),
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/Vega|ana\.vega/);
  });

  it('records constituent.merge on the target, naming the source', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    const source = await newConstituent(api, org.id);
    const target = await newConstituent(api, org.id);
    const response = await api.http
      .post('/api/constituents/merge')
      .set(auth)
      .send({ sourceConstituentId: source.id, targetConstituentId: target.id });
    expect(response.status).toBe(200);
    expect(await changes(org.id)).toEqual([
      expect.objectContaining({
        action: 'constituent.merge',
        subjectType: 'constituent',
        subjectId: target.id,
        details: expect.objectContaining({ sourceConstituentId: source.id }),
      }),
    ]);
  });

  it('records member.create, member.update (the changed fields) and member.deactivate', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    const created = await api.http.post('/api/members').set(auth).send({
      email: 'new.staff@example.org',
      fullName: 'New Staff',
      role: 'staff',
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const updated = await api.http
      .patch(`/api/members/${id}`)
      .set(auth)
      .send({ fullName: 'Renamed Staff', role: 'staff', profiles: ['pii_reader'] });
    expect(updated.status).toBe(200);
    expect((await api.http.delete(`/api/members/${id}`).set(auth)).status).toBe(204);
    const entries = await changes(org.id);
    expect(
      entries.map(({ action, subjectType, subjectId, details }) => ({
        action,
        subjectType,
        subjectId,
        details,
      })),
    ).toEqual([
      { action: 'member.create', subjectType: 'member', subjectId: id, details: { role: 'staff' } },
      {
        action: 'member.update',
        subjectType: 'member',
        subjectId: id,
        details: { fields: ['fullName', 'profiles'] },
      },
      { action: 'member.deactivate', subjectType: 'member', subjectId: id, details: {} },
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/Staff|example\.org/);
    expect(entries.map((entry) => entry.hash)).toEqual(recomputedHashes(entries));
  });

  it('records settings.update with the names of the settings that changed', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    const response = await api.http
      .put('/api/organizations/settings')
      .set(auth)
      .send({ name: org.name, slug: org.slug, dailySmsCap: 7 });
    expect(response.status).toBe(200);
    expect(await changes(org.id)).toEqual([
      expect.objectContaining({
        action: 'settings.update',
        subjectType: 'organization',
        subjectId: org.id,
        details: { fields: ['dailySmsCap'] },
      }),
    ]);
  });

  it('records nothing for a change that is refused', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    const member = await newMember(api, org.id, { role: 'staff' });
    const refused = await api.http.patch(`/api/members/${member.id}`).set(auth).send({
      role: 'partner_admin',
    });
    expectProblem(refused, 400);
    expect(await changes(org.id)).toEqual([]);
  });

  it('makes no change when its entry cannot be written: 503 audit-unavailable', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    const constituent = await newConstituent(api, org.id, { firstName: 'Ana', lastName: 'Lopez' });
    await refuseAuditEntries(api, org.id);
    const response = await api.http
      .put(`/api/constituents/${constituent.id}`)
      .set(auth)
      .send({ lastName: 'Vega' });
    expectProblem(response, 503, 'audit-unavailable');
    expect(response.headers['retry-after']).toBe('5');
    const [row] = await api.dataSource.query(`SELECT last_name FROM constituent WHERE id = $1`, [
      constituent.id,
    ]);
    expect(row).toEqual({ last_name: 'Lopez' });
  });
});
