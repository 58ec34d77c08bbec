import type { EntityManager } from 'typeorm';
import { MemberEntity } from '../member/member.entity';
import { OrganizationEntity } from './organization.entity';

export interface ProvisionOrganizationInput {
  name: string;
  slug: string;
  adminEmail: string;
  adminFullName: string;
  adminPasswordHash: string;
}

export interface ProvisionedOrganization {
  organizationId: string;
  adminMemberId: string;
}

/**
 * The system role's access: SystemDatabase, or a DataSource connected as SYSTEM_ROLE (the CLI, the
 * demo organization and bench seeding, which run outside the application's modules).
 */
export interface SystemTransactions {
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T>;
}

/**
 * Creates an ENABLED organization and its first confirmed org_admin, in one transaction of the
 * system role: creating an organization is cross-organization work, as there is no organization to
 * enter before it exists. A taken slug fails with SQL state 23505.
 */
export function provisionOrganization(
  system: SystemTransactions,
  input: ProvisionOrganizationInput,
): Promise<ProvisionedOrganization> {
  return system.transaction(async (manager) => {
    const organization = await manager.save(
      manager.create(OrganizationEntity, {
        name: input.name,
        slug: input.slug,
        orgStatus: 'ENABLED',
      }),
    );
    const admin = await manager.save(
      manager.create(MemberEntity, {
        organizationId: organization.id,
        email: input.adminEmail,
        fullName: input.adminFullName,
        role: 'org_admin',
        profiles: [],
        passwordHash: input.adminPasswordHash,
        isConfirmed: true,
        isActive: true,
      }),
    );
    return { organizationId: organization.id, adminMemberId: admin.id };
  });
}
