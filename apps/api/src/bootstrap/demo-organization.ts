import { randomBytes } from 'node:crypto';
import { hashPassword } from '@app/auth';
import {
  OrganizationEntity,
  openDataSource,
  PartnerEntity,
  provisionOrganization,
  SYSTEM_ROLE,
} from '@app/database';

export const DEMO_SLUG = 'demo';
export const DEMO_ADMIN_EMAIL = 'admin@demo.example.org';

export interface DemoOrganization {
  organizationId: string;
  /** The admin's password, on the start that created the organization only. */
  adminPassword: string | null;
}

/**
 * Creates the demo organization, its admin (with a new password) and a default partner on first
 * start; later starts find it.
 */
export async function ensureDemoOrganization(url: string): Promise<DemoOrganization> {
  const dataSource = await openDataSource(url, { role: SYSTEM_ROLE });
  try {
    const existing = await dataSource.manager.findOneBy(OrganizationEntity, { slug: DEMO_SLUG });
    if (existing) return { organizationId: existing.id, adminPassword: null };
    const adminPassword = randomBytes(12).toString('base64url');
    const { organizationId } = await provisionOrganization(dataSource, {
      name: 'Demo Organization',
      slug: DEMO_SLUG,
      adminEmail: DEMO_ADMIN_EMAIL,
      adminFullName: 'Demo Admin',
      adminPasswordHash: await hashPassword(adminPassword),
    });
    // A default partner, so that public intake works with the organization id alone.
    await dataSource.manager.save(
      dataSource.manager.create(PartnerEntity, {
        organizationId,
        name: 'Demo Partner',
        slaHours: 48,
        isDefault: true,
      }),
    );
    return { organizationId, adminPassword };
  } finally {
    await dataSource.destroy();
  }
}

/** What the first lines a person reads after start-up say about the demo organization. */
export function demoBanner(demo: DemoOrganization): string[] {
  const password = demo.adminPassword
    ? [`  password:        ${demo.adminPassword}`, '  (this password is shown only once)']
    : ['  password:        the one printed at the first start'];
  return [
    '',
    `Demo organization (slug "${DEMO_SLUG}"):`,
    `  organization id: ${demo.organizationId}  (the organizationId of POST /api/needs/public)`,
    `  org_admin email: ${DEMO_ADMIN_EMAIL}`,
    ...password,
    '',
  ];
}
