import type { OrganizationEntity } from '@app/database';
import { bearer, newMember, newOrg } from '../factories';
import type { TestApp } from '../test-app';

/** The settings a 10DLC brand is registered with (support phone in area code 312). */
export const LEGAL_DETAILS: Partial<OrganizationEntity> = {
  legalName: 'Northside Food Pantry Inc.',
  einTaxId: '12-3456789',
  legalStreet: '100 Main St',
  legalCity: 'Chicago',
  legalState: 'IL',
  legalZip: '60601',
  supportEmail: 'help@northside.example.org',
  supportPhone: '+13125550100',
};

/** A new organization with every legal detail provisioning needs, and its org_admin. */
export async function newProvisionableOrg(
  app: TestApp,
  overrides: Partial<OrganizationEntity> = {},
) {
  const org = await newOrg(app, { name: 'Northside Food Pantry', ...LEGAL_DETAILS, ...overrides });
  const admin = await newMember(app, org.id, { role: 'org_admin' });
  return { org, admin, auth: bearer(app, admin) };
}
