import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { accessToken } from './access-token';
import { hashPassword } from '../../libs/auth/src/password';
import { dataSourceOptions } from '../../libs/database/src/data-source-options';
import { SYSTEM_ROLE } from '../../libs/database/src/tenancy/database-roles';
import { OrganizationEntity } from '../../libs/database/src/organization/organization.entity';
import { provisionOrganization } from '../../libs/database/src/organization/provision-organization';
import { phoneDigits } from '../../libs/domain/src/matching/normalize';
import { newReferenceNumber } from '../../libs/domain/src/needs/reference-number';

export type SmsBenchSettings = Pick<
  OrganizationEntity,
  'dailySmsCap' | 'monthlySmsBudget' | 'maxConcurrency'
>;

export interface SmsBenchOrganization {
  organizationId: string;
  phoneNumber: string;
  needId: string;
  adminEmail: string;
  adminPassword: string;
}

/** An organization with a number, caps and one need whose constituent has a phone. */
async function seedOne(
  dataSource: DataSource,
  index: number,
  settings: SmsBenchSettings,
): Promise<SmsBenchOrganization> {
  const suffix = randomBytes(4).toString('hex');
  const adminPassword = `bench-${randomBytes(12).toString('hex')}`;
  const adminEmail = `sms-bench-${suffix}@example.org`;
  const { organizationId } = await provisionOrganization(dataSource, {
    name: `SMS Bench ${index}`,
    slug: `sms-bench-${suffix}`,
    adminEmail,
    adminFullName: 'SMS Bench Admin',
    adminPasswordHash: await hashPassword(adminPassword),
  });
  const phone = `+1202555${String(index).padStart(4, '0')}`;
  const phoneNumber = `+1312${String(randomBytes(3).readUIntBE(0, 3) % 10_000_000).padStart(7, '0')}`;
  await dataSource.manager.update(
    OrganizationEntity,
    { id: organizationId },
    {
      phoneNumber,
      smsSenderName: `Bench ${index}`,
      ...settings,
    },
  );
  const needId = await dataSource.transaction(async (manager) => {
    const [household] = await manager.query(
      `INSERT INTO household (organization_id) VALUES ($1) RETURNING id`,
      [organizationId],
    );
    const [constituent] = await manager.query(
      `INSERT INTO constituent (organization_id, household_id, phone, phone_digits)
       VALUES ($1, $2, $3, $4) RETURNING id`,
      [organizationId, household.id, phone, phoneDigits(phone)],
    );
    const [partner] = await manager.query(
      `INSERT INTO partner (organization_id, name, sla_hours, is_default)
       VALUES ($1, 'Bench Partner', 24, true) RETURNING id`,
      [organizationId],
    );
    const [need] = await manager.query(
      `INSERT INTO need (organization_id, partner_id, constituent_id, household_id, description,
                         reference_number, sla_hours)
       VALUES ($1, $2, $3, $4, 'SMS bench need', $5, 24) RETURNING id`,
      [organizationId, partner.id, constituent.id, household.id, newReferenceNumber(null)],
    );
    return need.id as string;
  });
  return { organizationId, phoneNumber, needId, adminEmail, adminPassword };
}

export async function seedSmsOrganizations(
  databaseUrl: string,
  count: number,
  settings: SmsBenchSettings,
): Promise<SmsBenchOrganization[]> {
  const dataSource = await new DataSource(
    dataSourceOptions(databaseUrl, { role: SYSTEM_ROLE }),
  ).initialize();
  try {
    const organizations: SmsBenchOrganization[] = [];
    for (let index = 0; index < count; index++) {
      organizations.push(await seedOne(dataSource, index, settings));
    }
    return organizations;
  } finally {
    await dataSource.destroy();
  }
}

/** An access token of the organization's admin. */
export function tokenFor(baseUrl: string, organization: SmsBenchOrganization): Promise<string> {
  return accessToken(baseUrl, organization.adminEmail, organization.adminPassword);
}
