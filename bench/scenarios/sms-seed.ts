import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { hashPassword } from '../../libs/auth/src/password';
import { ConstituentRepository } from '../../libs/database/src/constituent/constituent.repository';
import { CONSTITUENT_FIELDS } from '../../libs/database/src/constituent/constituent.entity';
import type { ConstituentFields } from '../../libs/database/src/constituent/constituent.entity';
import { dataSourceOptions } from '../../libs/database/src/data-source-options';
import { Database } from '../../libs/database/src/tenancy/database';
import { SYSTEM_ROLE } from '../../libs/database/src/tenancy/database-roles';
import { HouseholdRepository } from '../../libs/database/src/household/household.repository';
import { NeedRepository } from '../../libs/database/src/need/need.repository';
import { OrganizationEntity } from '../../libs/database/src/organization/organization.entity';
import { provisionOrganization } from '../../libs/database/src/organization/provision-organization';
import { PartnerRepository } from '../../libs/database/src/partner/partner.repository';
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
  const database = new Database(dataSource, dataSource);
  const needId = await dataSource.transaction(async (manager) => {
    const household = await new HouseholdRepository(database).insert(manager, organizationId);
    const constituent = await new ConstituentRepository(database).insert(
      manager,
      organizationId,
      household.id,
      {
        ...Object.fromEntries(CONSTITUENT_FIELDS.map((field) => [field, null])),
        phone: `+1202555${String(index).padStart(4, '0')}`,
      } as ConstituentFields,
    );
    const partner = await new PartnerRepository(database).insert(manager, {
      organizationId,
      name: 'Bench Partner',
      slaHours: 24,
      isArchived: false,
      isDefault: true,
      defaultConfidential: false,
      description: null,
      keywords: [],
      website: null,
      publicCategoryName: null,
      timezone: null,
      operatingHours: null,
    });
    const need = await new NeedRepository(database).insert(manager, {
      organizationId,
      partnerId: partner.id,
      constituentId: constituent.id,
      householdId: household.id,
      parentNeedId: null,
      description: 'SMS bench need',
      customFields: {},
      isConfidential: false,
      createdBy: null,
      referenceNumber: newReferenceNumber(null),
      duplicateWarning: null,
      slaHours: 24,
      dueDate: null,
    });
    return need!.id;
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
export async function tokenFor(
  baseUrl: string,
  organization: SmsBenchOrganization,
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: organization.adminEmail, password: organization.adminPassword }),
  });
  return ((await response.json()) as { accessToken: string }).accessToken;
}
