import { randomBytes } from 'node:crypto';
import { AccessTokenService, hashPassword } from '@app/auth';
import type { AccessProfile, MemberRole } from '@app/contracts';
import { MemberEntity, OrganizationEntity } from '@app/database';
import type { TestApp } from './test-app';

export const TEST_PASSWORD = 'correct-horse-battery-staple';
let passwordHash: Promise<string> | undefined;

function unique(prefix: string): string {
  return `${prefix}-${randomBytes(5).toString('hex')}`;
}

export async function newOrg(
  app: TestApp,
  overrides: Partial<OrganizationEntity> = {},
): Promise<OrganizationEntity> {
  const repository = app.dataSource.getRepository(OrganizationEntity);
  return repository.save(
    repository.create({ name: 'Test Org', slug: unique('org'), ...overrides }),
  );
}

export interface NewMemberOptions {
  role?: MemberRole;
  profiles?: AccessProfile[];
  partnerId?: string | null;
  email?: string;
  isActive?: boolean;
  isConfirmed?: boolean;
}

/** A member who can log in with TEST_PASSWORD (unless unconfirmed or inactive). */
export async function newMember(
  app: TestApp,
  organizationId: string,
  options: NewMemberOptions = {},
): Promise<MemberEntity> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const repository = app.dataSource.getRepository(MemberEntity);
  return repository.save(
    repository.create({
      organizationId,
      email: options.email ?? `${unique('member')}@example.org`,
      fullName: 'Test Member',
      role: options.role ?? 'org_admin',
      profiles: options.profiles ?? [],
      partnerId: options.partnerId ?? null,
      passwordHash: await passwordHash,
      isConfirmed: options.isConfirmed ?? true,
      isActive: options.isActive ?? true,
    }),
  );
}

export function tokenFor(app: TestApp, member: MemberEntity): string {
  return app.app.get(AccessTokenService).issue(member);
}

export function bearer(app: TestApp, member: MemberEntity): { Authorization: string } {
  return { Authorization: `Bearer ${tokenFor(app, member)}` };
}

/** An organization with an org_admin, the start of most tests. */
export async function newOrgWithAdmin(app: TestApp) {
  const org = await newOrg(app);
  const admin = await newMember(app, org.id, { role: 'org_admin' });
  return { org, admin, auth: bearer(app, admin) };
}
