import type { DataSource } from 'typeorm';
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

/** Creates an ENABLED organization and its first confirmed org_admin, in one transaction. */
export function provisionOrganization(
  dataSource: DataSource,
  input: ProvisionOrganizationInput,
): Promise<ProvisionedOrganization> {
  return dataSource.transaction(async (manager) => {
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
