import type { AccessProfile } from '@assist/contracts';
import {
  bearer,
  expectProblem,
  newConstituent,
  newMember,
  newOrgWithAdmin,
  newPartner,
  TestApp,
} from '@app/testing';
import { startTestApi } from '../../../test/test-api';

type Auth = Record<string, string>;

const NO_CONSENTS = {
  SHARE_WITH_PARTNERS: null,
  CONTACT_SMS: null,
  CONTACT_EMAIL: null,
  SURVEY: null,
};

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('constituent consents', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_PUBLIC_PER_IP: '0', RATE_LIMIT_PUBLIC_PER_ORG: '0' });
  });
  afterAll(() => api.close());

  const record = (auth: Auth, constituentId: string, body: object) =>
    api.http.post(`/api/constituents/${constituentId}/consents`).set(auth).send(body);
  const history = (auth: Auth, constituentId: string, query = '') =>
    api.http.get(`/api/constituents/${constituentId}/consents${query}`).set(auth);

  async function orgWithConstituent() {
    const setup = await newOrgWithAdmin(api);
    const constituent = await newConstituent(api, setup.org.id, { firstName: 'Maria' });
    return { ...setup, constituent };
  }

  async function staffWith(organizationId: string, ...profiles: AccessProfile[]) {
    return bearer(api, await newMember(api, organizationId, { role: 'staff', profiles }));
  }

  /** A consent record stored as it was at `recordedAt` (the API only takes future expiries). */
  const storeConsent = (
    organizationId: string,
    constituentId: string,
    fields: { purpose: string; granted: boolean; recordedAt: string; expiresAt?: string },
  ) =>
    api.dataSource.query(
      `INSERT INTO constituent_consent
         (organization_id, constituent_id, purpose, granted, method, recorded_at, expires_at)
       VALUES ($1, $2, $3, $4, 'VERBAL', $5, $6)`,
      [
        organizationId,
        constituentId,
        fields.purpose,
        fields.granted,
        fields.recordedAt,
        fields.expiresAt ?? null,
      ],
    );

  /** The organization's consent.record audit entries, oldest first. */
  const auditOf = (organizationId: string) =>
    api.dataSource.query(
      `SELECT actor_type, actor_id, subject_type, subject_id, details FROM audit_event
        WHERE organization_id = $1 AND action = 'consent.record' ORDER BY sequence`,
      [organizationId],
    );

  describe('POST /api/constituents/{id}/consents', () => {
    it('records a consent: 201, Location and the record', async () => {
      const { auth, admin, constituent } = await orgWithConstituent();
      const expiresAt = inDays(365);
      const response = await record(auth, constituent.id, {
        purpose: 'CONTACT_SMS',
        granted: true,
        method: 'WRITTEN',
        note: '  Signed the intake form  ',
        expiresAt,
      });
      expect(response.status).toBe(201);
      expect(response.headers.location).toBe(`/api/constituents/${constituent.id}/consents`);
      expect(response.body).toEqual({
        id: expect.any(String),
        constituentId: constituent.id,
        purpose: 'CONTACT_SMS',
        granted: true,
        method: 'WRITTEN',
        note: 'Signed the intake form',
        recordedBy: admin.id,
        recordedAt: expect.stringMatching(ISO),
        expiresAt,
      });
    });

    it('records a withdrawal as a new record; the earlier one stays', async () => {
      const { auth, constituent } = await orgWithConstituent();
      const granted = await record(auth, constituent.id, {
        purpose: 'SURVEY',
        granted: true,
        method: 'VERBAL',
      });
      const withdrawn = await record(auth, constituent.id, {
        purpose: 'SURVEY',
        granted: false,
        method: 'ELECTRONIC',
      });
      expect(withdrawn.status).toBe(201);
      expect(withdrawn.body).toMatchObject({ granted: false, note: null, expiresAt: null });
      const listed = await history(auth, constituent.id);
      expect(listed.body.map((entry: { id: string }) => entry.id)).toEqual([
        withdrawn.body.id,
        granted.body.id,
      ]);
    });

    it.each([
      ['purpose', { purpose: 'MARKETING' }],
      ['purpose', { purpose: undefined }],
      ['granted', { granted: 'yes' }],
      ['granted', { granted: null }],
      ['method', { method: 'EMAIL' }],
      ['note', { note: 'x'.repeat(501) }],
      ['note', { note: '   ' }],
      ['note', { note: null }],
      ['expiresAt', { expiresAt: '2020-01-01T00:00:00Z' }],
      ['expiresAt', { expiresAt: 'next year' }],
      ['recordedBy', { recordedBy: '6f1c3a52-8f7e-4c1a-9b1d-2f3e4a5b6c7d' }],
    ])('refuses an invalid %s (400 naming it) and records nothing', async (field, change) => {
      const { auth, constituent } = await orgWithConstituent();
      const body = { purpose: 'CONTACT_EMAIL', granted: true, method: 'VERBAL', ...change };
      const response = await record(auth, constituent.id, body);
      expectProblem(response, 400, 'validation-error');
      expect(response.body.errors).toContainEqual(expect.objectContaining({ field }));
      expect((await history(auth, constituent.id)).body).toEqual([]);
    });

    it('is 401 without a token, 403 without constituent write access, 404 for another organization', async () => {
      const { org, constituent } = await orgWithConstituent();
      const body = { purpose: 'SURVEY', granted: true, method: 'VERBAL' };
      expectProblem(
        await api.http.post(`/api/constituents/${constituent.id}/consents`).send(body),
        401,
      );
      const reader = await staffWith(org.id, 'needs_processor', 'pii_reader');
      expectProblem(await record(reader, constituent.id, body), 403);
      const other = await newOrgWithAdmin(api);
      expectProblem(await record(other.auth, constituent.id, body), 404, 'not-found');
      expectProblem(await record(other.auth, 'not-a-uuid', body), 400, 'validation-error');
      const count = await api.dataSource.query(
        'SELECT count(*)::int AS n FROM constituent_consent WHERE constituent_id = $1',
        [constituent.id],
      );
      expect(count).toEqual([{ n: 0 }]);
    });

    it('is 404 for a merged-away constituent', async () => {
      const { auth, org, constituent } = await orgWithConstituent();
      const target = await newConstituent(api, org.id);
      const merged = await api.http
        .post('/api/constituents/merge')
        .set(auth)
        .send({ sourceConstituentId: constituent.id, targetConstituentId: target.id });
      expect(merged.status).toBe(200);
      const body = { purpose: 'SURVEY', granted: true, method: 'VERBAL' };
      expectProblem(await record(auth, constituent.id, body), 404, 'not-found');
    });

    it('lets intake staff record (as they may update the constituent)', async () => {
      const { org, constituent } = await orgWithConstituent();
      const intake = await staffWith(org.id, 'intake_staff');
      const body = { purpose: 'CONTACT_EMAIL', granted: false, method: 'VERBAL' };
      expect((await record(intake, constituent.id, body)).status).toBe(201);
    });

    it('emits constituent.consent_changed with ids and codes only', async () => {
      const { auth, org, constituent } = await orgWithConstituent();
      const subscribed = await api.http
        .post('/api/webhooks/subscriptions')
        .set(auth)
        .send({ url: 'https://203.0.113.10/hooks', events: ['constituent.consent_changed'] });
      expect(subscribed.status).toBe(201);
      await record(auth, constituent.id, {
        purpose: 'CONTACT_SMS',
        granted: false,
        method: 'VERBAL',
        note: 'Asked by phone not to be texted',
      });
      const events = await api.dataSource.query(
        `SELECT data FROM webhook_event WHERE organization_id = $1 AND type = $2`,
        [org.id, 'constituent.consent_changed'],
      );
      expect(events).toEqual([
        {
          data: {
            constituentId: constituent.id,
            purpose: 'CONTACT_SMS',
            granted: false,
            organizationId: org.id,
          },
        },
      ]);
    });

    it('audits consent.record in the same transaction, with codes only', async () => {
      const { auth, admin, org, constituent } = await orgWithConstituent();
      const recorded = await record(auth, constituent.id, {
        purpose: 'SHARE_WITH_PARTNERS',
        granted: true,
        method: 'WRITTEN',
        note: 'Signed at the front desk',
      });
      expect(await auditOf(org.id)).toEqual([
        {
          actor_type: 'MEMBER',
          actor_id: admin.id,
          subject_type: 'constituent',
          subject_id: constituent.id,
          details: {
            consentId: recorded.body.id,
            purpose: 'SHARE_WITH_PARTNERS',
            granted: true,
            method: 'WRITTEN',
          },
        },
      ]);
    });

    it('records nothing when its audit entry cannot be written', async () => {
      const { auth, constituent } = await orgWithConstituent();
      await api.ownerQuery(`
        CREATE FUNCTION fail_consent_audit() RETURNS trigger LANGUAGE plpgsql AS
          $$ BEGIN RAISE EXCEPTION 'forced failure'; END $$;
        CREATE TRIGGER fail_consent_audit BEFORE INSERT ON audit_event
          FOR EACH ROW EXECUTE FUNCTION fail_consent_audit();`);
      try {
        const body = { purpose: 'SURVEY', granted: false, method: 'VERBAL' };
        expectProblem(await record(auth, constituent.id, body), 503, 'audit-unavailable');
      } finally {
        await api.ownerQuery(
          'DROP TRIGGER fail_consent_audit ON audit_event; DROP FUNCTION fail_consent_audit();',
        );
      }
      expect((await history(auth, constituent.id)).body).toEqual([]);
    });

    it('keeps records append-only: the application roles may insert and read, change only the merge and erasure columns, never delete', async () => {
      const privileges = await api.dataSource.query(
        `SELECT role, privilege, has_table_privilege(role, 'constituent_consent', privilege) AS held
           FROM unnest(ARRAY['assist_app', 'assist_system']) AS role,
                unnest(ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']) AS privilege
          ORDER BY role, privilege`,
      );
      const held = privileges
        .filter((row: { held: boolean }) => row.held)
        .map((row: { role: string; privilege: string }) => `${row.role} ${row.privilege}`);
      expect(held).toEqual([
        'assist_app INSERT',
        'assist_app SELECT',
        'assist_system INSERT',
        'assist_system SELECT',
      ]);
      // A merge re-points the source's records at the target, and erasure (also retention's, as
      // the system role) blanks the free-text note: those columns alone may change.
      const columns = await api.dataSource.query(
        `SELECT role, a.attname AS column FROM pg_attribute a,
                unnest(ARRAY['assist_app', 'assist_system']) AS role
          WHERE a.attrelid = 'constituent_consent'::regclass AND a.attnum > 0
            AND NOT a.attisdropped AND has_column_privilege(role, a.attrelid, a.attnum, 'UPDATE')
          ORDER BY role, a.attname`,
      );
      expect(columns).toEqual([
        { role: 'assist_app', column: 'constituent_id' },
        { role: 'assist_app', column: 'note' },
        { role: 'assist_system', column: 'note' },
      ]);
    });
  });

  describe('GET /api/constituents/{id}/consents', () => {
    it('lists the whole history newest first, in keyset pages', async () => {
      const { auth, org, constituent } = await orgWithConstituent();
      await storeConsent(org.id, constituent.id, {
        purpose: 'SURVEY',
        granted: true,
        recordedAt: '2026-01-01T10:00:00Z',
      });
      await storeConsent(org.id, constituent.id, {
        purpose: 'CONTACT_SMS',
        granted: true,
        recordedAt: '2026-01-02T10:00:00Z',
        expiresAt: '2026-02-01T00:00:00Z',
      });
      const latest = await record(auth, constituent.id, {
        purpose: 'SURVEY',
        granted: false,
        method: 'VERBAL',
      });
      const first = await history(auth, constituent.id, '?limit=2');
      expect(first.status).toBe(200);
      expect(first.body).toEqual([
        latest.body,
        {
          id: expect.any(String),
          constituentId: constituent.id,
          purpose: 'CONTACT_SMS',
          granted: true,
          method: 'VERBAL',
          note: null,
          recordedBy: null,
          recordedAt: '2026-01-02T10:00:00.000Z',
          expiresAt: '2026-02-01T00:00:00.000Z',
        },
      ]);
      const next = /^<([^>]+)>; rel="next"$/.exec(first.headers.link)?.[1] as string;
      expect(next).toMatch(/limit=2&cursor=/);
      const second = await api.http.get(next).set(auth);
      expect(second.status).toBe(200);
      expect(second.body).toEqual([
        expect.objectContaining({ purpose: 'SURVEY', recordedAt: '2026-01-01T10:00:00.000Z' }),
      ]);
      expect(second.headers.link).toBeUndefined();
    });

    it.each([
      ['limit', '?limit=0'],
      ['limit', '?limit=201'],
      ['cursor', '?cursor=bm90LWEtY3Vyc29y'],
    ])('refuses an invalid %s (400 naming it)', async (field, query) => {
      const { auth, constituent } = await orgWithConstituent();
      const response = await history(auth, constituent.id, query);
      expectProblem(response, 400, 'validation-error');
      expect(response.body.errors).toContainEqual(expect.objectContaining({ field }));
    });

    it('is 401 without a token, 403 without constituent read access, 404 for another organization', async () => {
      const { org, constituent } = await orgWithConstituent();
      expectProblem(await api.http.get(`/api/constituents/${constituent.id}/consents`), 401);
      const texter = await staffWith(org.id, 'sms_communicator');
      expectProblem(await history(texter, constituent.id), 403);
      const other = await newOrgWithAdmin(api);
      expectProblem(await history(other.auth, constituent.id), 404, 'not-found');
      expectProblem(await history(other.auth, 'not-a-uuid'), 400, 'validation-error');
    });

    it('hides the free-text note from members who may not read the personal fields', async () => {
      const { auth, org, constituent } = await orgWithConstituent();
      await record(auth, constituent.id, {
        purpose: 'SURVEY',
        granted: true,
        method: 'VERBAL',
        note: 'Daughter Ana answered for her',
      });
      const processor = await staffWith(org.id, 'needs_processor');
      const listed = await history(processor, constituent.id);
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual([expect.objectContaining({ purpose: 'SURVEY', note: null })]);
    });
  });

  describe('the consents of a constituent record', () => {
    it('are null for each purpose until one is recorded', async () => {
      const { auth, constituent } = await orgWithConstituent();
      const response = await api.http.get(`/api/constituents/${constituent.id}`).set(auth);
      expect(response.body.consents).toEqual(NO_CONSENTS);
    });

    it('come from the newest record of each purpose; an expired grant reads as not granted', async () => {
      const { auth, org, constituent } = await orgWithConstituent();
      await storeConsent(org.id, constituent.id, {
        purpose: 'CONTACT_SMS',
        granted: true,
        recordedAt: '2026-01-01T10:00:00Z',
      });
      await storeConsent(org.id, constituent.id, {
        purpose: 'CONTACT_SMS',
        granted: false,
        recordedAt: '2026-01-03T10:00:00Z',
      });
      await storeConsent(org.id, constituent.id, {
        purpose: 'CONTACT_EMAIL',
        granted: true,
        recordedAt: '2026-01-02T10:00:00Z',
        expiresAt: '2026-01-10T00:00:00Z',
      });
      const survey = await record(auth, constituent.id, {
        purpose: 'SURVEY',
        granted: true,
        method: 'VERBAL',
        expiresAt: inDays(30),
      });
      const response = await api.http.get(`/api/constituents/${constituent.id}`).set(auth);
      expect(response.body.consents).toEqual({
        SHARE_WITH_PARTNERS: null,
        CONTACT_SMS: {
          granted: false,
          recordedAt: '2026-01-03T10:00:00.000Z',
          expiresAt: null,
        },
        CONTACT_EMAIL: {
          granted: false,
          recordedAt: '2026-01-02T10:00:00.000Z',
          expiresAt: '2026-01-10T00:00:00.000Z',
        },
        SURVEY: {
          granted: true,
          recordedAt: survey.body.recordedAt,
          expiresAt: survey.body.expiresAt,
        },
      });
    });

    it('appear in every constituent record: lists, searches, households, updates, opt-outs', async () => {
      const { auth, org, constituent } = await orgWithConstituent();
      const sibling = await newConstituent(api, org.id, { householdId: constituent.householdId });
      await record(auth, constituent.id, { purpose: 'SURVEY', granted: false, method: 'VERBAL' });
      const survey = { granted: false, recordedAt: expect.stringMatching(ISO), expiresAt: null };
      const withSurvey = { ...NO_CONSENTS, SURVEY: survey };
      const listed = await api.http.get('/api/constituents').set(auth);
      expect(listed.body).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: constituent.id, consents: withSurvey }),
          expect.objectContaining({ id: sibling.id, consents: NO_CONSENTS }),
        ]),
      );
      const found = await api.http.get('/api/constituents?query=Maria').set(auth);
      expect(found.body).toEqual([
        expect.objectContaining({ id: constituent.id, consents: withSurvey }),
      ]);
      const household = await api.http.get(`/api/households/${constituent.householdId}`).set(auth);
      expect(household.body.members).toEqual([
        expect.objectContaining({ id: constituent.id, consents: withSurvey }),
        expect.objectContaining({ id: sibling.id, consents: NO_CONSENTS }),
      ]);
      const updated = await api.http
        .put(`/api/constituents/${constituent.id}`)
        .set(auth)
        .send({ lastName: 'Lopez' });
      expect(updated.body.consents).toEqual(withSurvey);
      const optedOut = await api.http.post(`/api/constituents/${constituent.id}/opt-out`).set(auth);
      expect(optedOut.body.consents).toEqual(withSurvey);
      const created = await api.http.post('/api/constituents').set(auth).send({ firstName: 'Jo' });
      expect(created.body.consents).toEqual(NO_CONSENTS);
    });
  });

  describe('public intake', () => {
    const intake = (organizationId: string, contact: object) =>
      api.http.post('/api/needs/public').send({
        organizationId,
        description: 'Groceries',
        contact: { firstName: 'Rosa', lastName: 'Diaz', phone: '+13125550177', ...contact },
      });

    it('records the consents of the contact with method PUBLIC_FORM', async () => {
      const { auth, org } = await newOrgWithAdmin(api);
      await newPartner(api, org.id, { isDefault: true });
      const created = await intake(org.id, {
        consents: [
          { purpose: 'CONTACT_SMS', granted: true },
          { purpose: 'SURVEY', granted: false },
        ],
      });
      expect(created.status).toBe(201);
      const [need] = await api.dataSource.query('SELECT constituent_id FROM need WHERE id = $1', [
        created.body.id,
      ]);
      const listed = await history(auth, need.constituent_id);
      expect(listed.body).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            purpose: 'CONTACT_SMS',
            granted: true,
            method: 'PUBLIC_FORM',
            recordedBy: null,
            note: null,
            expiresAt: null,
          }),
          expect.objectContaining({ purpose: 'SURVEY', granted: false, method: 'PUBLIC_FORM' }),
        ]),
      );
      expect(listed.body).toHaveLength(2);
      const audited = await auditOf(org.id);
      expect(audited).toHaveLength(2);
      expect(audited).toContainEqual({
        actor_type: 'PUBLIC',
        actor_id: null,
        subject_type: 'constituent',
        subject_id: need.constituent_id,
        details: {
          consentId: expect.any(String),
          purpose: 'SURVEY',
          granted: false,
          method: 'PUBLIC_FORM',
        },
      });
    });

    it.each([
      ['contact.consents.0.purpose', [{ purpose: 'MARKETING', granted: true }]],
      ['contact.consents.0.granted', [{ purpose: 'SURVEY' }]],
      ['contact.consents.0.method', [{ purpose: 'SURVEY', granted: true, method: 'VERBAL' }]],
      [
        'contact.consents',
        [
          { purpose: 'SURVEY', granted: true },
          { purpose: 'SURVEY', granted: false },
        ],
      ],
      ['contact.consents', { purpose: 'SURVEY', granted: true }],
    ])('refuses invalid consents (400 naming %s) and records nothing', async (field, consents) => {
      const { org } = await newOrgWithAdmin(api);
      await newPartner(api, org.id, { isDefault: true });
      const response = await intake(org.id, { consents });
      expectProblem(response, 400, 'validation-error');
      expect(response.body.errors).toContainEqual(expect.objectContaining({ field }));
      const stored = await api.dataSource.query(
        'SELECT count(*)::int AS n FROM need WHERE organization_id = $1',
        [org.id],
      );
      expect(stored).toEqual([{ n: 0 }]);
    });
  });

  describe('merging', () => {
    it("moves the source's consent records to the target", async () => {
      const { auth, org, constituent: source } = await orgWithConstituent();
      const target = await newConstituent(api, org.id);
      const withdrawn = await record(auth, source.id, {
        purpose: 'SURVEY',
        granted: false,
        method: 'VERBAL',
      });
      const granted = await record(auth, target.id, {
        purpose: 'CONTACT_SMS',
        granted: true,
        method: 'WRITTEN',
      });
      const merged = await api.http
        .post('/api/constituents/merge')
        .set(auth)
        .send({ sourceConstituentId: source.id, targetConstituentId: target.id });
      expect(merged.status).toBe(200);
      expect(merged.body.consents).toEqual({
        ...NO_CONSENTS,
        SURVEY: { granted: false, recordedAt: withdrawn.body.recordedAt, expiresAt: null },
        CONTACT_SMS: { granted: true, recordedAt: granted.body.recordedAt, expiresAt: null },
      });
      const listed = await history(auth, target.id);
      expect(listed.body).toEqual([
        { ...granted.body },
        { ...withdrawn.body, constituentId: target.id },
      ]);
      const [audit] = await api.dataSource.query(
        'SELECT moved, moved_ids FROM merge_audit WHERE source_constituent_id = $1',
        [source.id],
      );
      expect(audit.moved).toMatchObject({ constituent_consent: 1 });
      expect(audit.moved_ids).toMatchObject({ constituent_consent: [withdrawn.body.id] });
    });

    it("gives the source's consent records back when the merge is undone", async () => {
      const { auth, org, constituent: source } = await orgWithConstituent();
      const target = await newConstituent(api, org.id);
      const withdrawn = await record(auth, source.id, {
        purpose: 'CONTACT_EMAIL',
        granted: false,
        method: 'VERBAL',
      });
      await api.http
        .post('/api/constituents/merge')
        .set(auth)
        .send({ sourceConstituentId: source.id, targetConstituentId: target.id });
      const [merge] = (await api.http.get(`/api/constituents/${target.id}/merges`).set(auth)).body;
      const undone = await api.http.post(`/api/constituents/merges/${merge.id}/undo`).set(auth);
      expect(undone.status).toBe(200);
      expect(undone.body.source.consents.CONTACT_EMAIL).toMatchObject({ granted: false });
      expect(undone.body.target.consents).toEqual(NO_CONSENTS);
      expect((await history(auth, source.id)).body).toEqual([withdrawn.body]);
    });
  });
});
