import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { hashPassword } from '@app/auth';
import {
  dataSourceOptions,
  OrganizationEntity,
  provisionOrganization,
  SYSTEM_ROLE,
} from '@app/database';

export const DEMO_SLUG = 'demo';
export const DEMO_ADMIN_EMAIL = 'admin@demo.example.org';

/** Creates the demo organization on first start and returns its admin's new password; later starts return null. */
export async function ensureDemoOrganization(url: string): Promise<string | null> {
  const dataSource = await new DataSource(
    dataSourceOptions(url, { role: SYSTEM_ROLE }),
  ).initialize();
  try {
    if (await dataSource.manager.existsBy(OrganizationEntity, { slug: DEMO_SLUG })) return null;
    const password = randomBytes(12).toString('base64url');
    await provisionOrganization(dataSource, {
      name: 'Demo Organization',
      slug: DEMO_SLUG,
      adminEmail: DEMO_ADMIN_EMAIL,
      adminFullName: 'Demo Admin',
      adminPasswordHash: await hashPassword(password),
    });
    return password;
  } finally {
    await dataSource.destroy();
  }
}
