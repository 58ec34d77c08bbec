import { createTestDatabase, newOrg, newPartner, TestApp, TestDatabase } from '@app/testing';
import { startTestApiOn } from '../apps/api/test/test-api';

/**
 * Intake reads the organization and its partners from each process's memory (OrganizationCache):
 * a change made through another process must count at once, never after a delay.
 */
describe('the organizations intake remembers, changed by another process', () => {
  let database: TestDatabase;
  let intake: TestApp;
  let other: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { RATE_LIMIT_PUBLIC_PER_IP: '0' };
    intake = await startTestApiOn(database, env);
    other = await startTestApiOn(database, env);
  });
  afterAll(async () => {
    await other.app.close();
    await intake.close();
  });

  const submit = (organizationId: string, description: string) =>
    intake.http.post('/api/needs/public').send({ organizationId, description });
  const partnerOf = async (needId: string) =>
    (await intake.dataSource.query(`SELECT partner_id FROM need WHERE id = $1`, [needId]))[0]
      .partner_id as string;

  it('routes around a partner archived elsewhere, and to one added elsewhere, at once', async () => {
    const org = await newOrg(intake);
    const triage = await newPartner(intake, org.id, { isDefault: true });
    const pantry = await newPartner(intake, org.id, { keywords: ['food'] });
    for (let round = 0; round < 5; round++) {
      const routed = await submit(org.id, 'We need food');
      expect(await partnerOf(routed.body.id)).toBe(pantry.id);
    }

    await other.dataSource.query(`UPDATE partner SET is_archived = true WHERE id = $1`, [
      pantry.id,
    ]);
    expect(await partnerOf((await submit(org.id, 'We need food')).body.id)).toBe(triage.id);

    const kitchen = await newPartner(other, org.id, { keywords: ['food'] });
    expect(await partnerOf((await submit(org.id, 'We need food')).body.id)).toBe(kitchen.id);
  });

  it('refuses intake for an organization disabled elsewhere at once', async () => {
    const org = await newOrg(intake);
    await newPartner(intake, org.id, { isDefault: true });
    expect((await submit(org.id, 'Help')).status).toBe(201);
    await other.dataSource.query(`UPDATE organization SET org_status = 'DISABLED' WHERE id = $1`, [
      org.id,
    ]);
    expect((await submit(org.id, 'Help')).status).toBe(400);
  });
});
