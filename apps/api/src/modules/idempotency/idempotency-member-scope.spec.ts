import { bearer, newMember, newOrgWithAdmin, newPartner, TestApp } from '@app/testing';
import { startTestApi } from '../../../test/test-api';

describe('Idempotency-Key on authenticated routes', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('is scoped to the member: another member replaying a key gets a need of its own', async () => {
    const { org, auth } = await newOrgWithAdmin(api);
    await newPartner(api, org.id, { isDefault: true });
    const intake = bearer(
      api,
      await newMember(api, org.id, { role: 'staff', profiles: ['intake_staff'] }),
    );
    const create = (as: Record<string, string>) =>
      api.http
        .post('/api/needs')
        .set(as)
        .set('Idempotency-Key', 'shared-key')
        .send({ description: 'Coat' });

    const admins = await create(auth);
    expect(admins.status).toBe(201);
    const replayed = await create(intake);
    expect(replayed.status).toBe(201);
    expect(replayed.body.id).not.toBe(admins.body.id);
    expect((await api.http.get(`/api/needs/${admins.body.id}`).set(intake)).status).toBe(404);
    expect((await create(intake)).body.id).toBe(replayed.body.id);
  });
});
