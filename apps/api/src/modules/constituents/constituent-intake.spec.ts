import { organizationId as asOrganizationId, TenantContext } from '@app/database';
import { DomainError } from '@app/http';
import { newConstituent, newOrg, TestApp } from '@app/testing';
import { startTestApi } from '../../../test/test-api';
import { ConstituentIntakeService, IntakeResult } from './constituent-intake.service';
import type { ContactDto } from './contact.dto';

describe('ConstituentIntakeService.intake', () => {
  let api: TestApp;
  let intake: (organizationId: string, contact: ContactDto) => Promise<IntakeResult>;

  beforeAll(async () => {
    api = await startTestApi();
    const service = api.app.get(ConstituentIntakeService);
    const tenant = api.app.get(TenantContext);
    // As a need's creation runs it: in the organization, inside its transaction.
    intake = (organizationId, contact) =>
      tenant.run(asOrganizationId(organizationId), () =>
        tenant.transaction(() => service.intake(asOrganizationId(organizationId), contact)),
      );
  });
  afterAll(() => api.close());

  it('creates a constituent in a new household when nobody resembles the contact', async () => {
    const org = await newOrg(api);
    const result = await intake(org.id, {
      firstName: 'Ana',
      lastName: 'Bello',
      phone: '+12025550160',
    });
    expect(result).toEqual({
      constituentId: expect.any(String),
      householdId: expect.any(String),
      duplicateWarning: null,
    });
    const [row] = await api.dataSource.query(
      'SELECT household_id, phone FROM constituent WHERE id = $1',
      [result.constituentId],
    );
    expect(row).toEqual({ household_id: result.householdId, phone: '+12025550160' });
  });

  it('does not reuse a namesake who gave the same shelter front-desk phone', async () => {
    const org = await newOrg(api);
    const frontDesk = '+13125550900';
    for (const lastName of ['Ortega', 'Park', 'Hayes', 'Novak']) {
      await newConstituent(api, org.id, { firstName: 'Resident', lastName, phone: frontDesk });
    }
    const namesake = await newConstituent(api, org.id, {
      firstName: 'Ana',
      lastName: 'Bello',
      phone: frontDesk,
    });
    const result = await intake(org.id, { firstName: 'Ana', lastName: 'Bello', phone: frontDesk });
    expect(result.constituentId).not.toBe(namesake.id);
  });

  it('reuses the same person (same phone and name) and leaves the record as it was', async () => {
    const org = await newOrg(api);
    const existing = await newConstituent(api, org.id, {
      firstName: 'Ana',
      lastName: 'Bello',
      phone: '+12025550161',
    });
    const result = await intake(org.id, {
      firstName: 'ana',
      lastName: 'BELLO',
      phone: '+12025550161',
      addressZip: '10001',
    });
    expect(result).toEqual({
      constituentId: existing.id,
      householdId: existing.householdId,
      duplicateWarning: null,
    });
    const [row] = await api.dataSource.query('SELECT address_zip FROM constituent WHERE id = $1', [
      existing.id,
    ]);
    expect(row.address_zip).toBeNull();
  });

  it('creates another constituent and warns when a likely duplicate exists', async () => {
    const org = await newOrg(api);
    const existing = await newConstituent(api, org.id, {
      firstName: 'William',
      lastName: 'Turner',
      phone: '+12025550162',
    });
    const result = await intake(org.id, {
      firstName: 'Bill',
      lastName: 'Turner',
      phone: '+12025550162',
    });
    expect(result.constituentId).not.toBe(existing.id);
    expect(result.duplicateWarning).toBe(
      'Possible duplicate: resembles 1 existing constituent (PHONE); household matches were raised for review',
    );
    const matches = await api.dataSource.query(
      'SELECT constituent_id, candidate_constituent_id, status FROM household_match WHERE organization_id = $1',
      [org.id],
    );
    expect(matches).toEqual([
      {
        constituent_id: result.constituentId,
        candidate_constituent_id: existing.id,
        status: 'PENDING',
      },
    ]);
  });

  it('never reuses another organization’s constituent', async () => {
    const [org, other] = [await newOrg(api), await newOrg(api)];
    const foreign = await newConstituent(api, other.id, {
      firstName: 'Ana',
      lastName: 'Bello',
      phone: '+12025550163',
    });
    const result = await intake(org.id, {
      firstName: 'Ana',
      lastName: 'Bello',
      phone: '+12025550163',
    });
    expect(result.constituentId).not.toBe(foreign.id);
    expect(result.duplicateWarning).toBeNull();
  });

  it('refuses a contact with neither a name, a phone nor an email', async () => {
    const org = await newOrg(api);
    await expect(intake(org.id, { addressZip: '10001' })).rejects.toMatchObject({
      code: 'validation-error',
      extras: { errors: [{ field: 'contact', message: expect.any(String) }] },
    } satisfies Partial<DomainError>);
  });
});
