import { randomBytes } from 'node:crypto';
import { AccessTokenService } from '@app/auth';
import type { AccessProfile, MemberRole } from '@assist/contracts';
import {
  CONSTITUENT_FIELDS,
  ConstituentEntity,
  ConstituentFields,
  ConstituentRepository,
  HouseholdRepository,
  MemberEntity,
  NeedEntity,
  organizationId as asOrganizationId,
  OrganizationEntity,
  PartnerEntity,
  TenantContext,
} from '@app/database';
import { newReferenceNumber } from '@app/domain';
import type { TestApp } from './test-app';

export const TEST_PASSWORD = 'correct-horse-battery-staple';
/** argon2id of TEST_PASSWORD with the service's parameters, made once rather than in every file. */
const TEST_PASSWORD_HASH =
  '$argon2id$v=19$m=65536,p=4,t=3$oIa+9/i+yc0n/zUF1EBNKg$SqOK0HqJwgl0hXAF4VOojFRVguXta9oRS/gvZtfbKAs';

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

export async function newPartner(
  app: TestApp,
  organizationId: string,
  overrides: Partial<PartnerEntity> = {},
): Promise<PartnerEntity> {
  const repository = app.dataSource.getRepository(PartnerEntity);
  return repository.save(
    repository.create({ organizationId, name: unique('Partner'), slaHours: 24, ...overrides }),
  );
}

/** A need of the partner stored directly (no routing): NEW, due in 24 hours, unless overridden. */
export async function newNeed(
  app: TestApp,
  organizationId: string,
  partnerId: string,
  overrides: Partial<NeedEntity> = {},
): Promise<NeedEntity> {
  const repository = app.dataSource.getRepository(NeedEntity);
  return repository.save(
    repository.create({
      organizationId,
      partnerId,
      description: 'Test need',
      referenceNumber: newReferenceNumber(null),
      slaHours: 24,
      dueDate: new Date(Date.now() + 24 * 3600_000),
      ...overrides,
    }),
  );
}

/** A constituent in a new household (or `householdId`), stored as the API stores it; raises no matches. */
export async function newConstituent(
  app: TestApp,
  organizationId: string,
  overrides: Partial<ConstituentFields> & { householdId?: string } = {},
): Promise<ConstituentEntity> {
  const { householdId, ...fields } = overrides;
  const tenant = app.app.get(TenantContext);
  const org = asOrganizationId(organizationId);
  return tenant.run(org, () =>
    tenant.transaction(async () => {
      const household = householdId ?? (await app.app.get(HouseholdRepository).insert(org)).id;
      return app.app.get(ConstituentRepository).insert(org, household, {
        ...Object.fromEntries(CONSTITUENT_FIELDS.map((field) => [field, null])),
        firstName: 'Test',
        lastName: unique('Person'),
        ...fields,
      } as ConstituentFields);
    }),
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

/** The database requires a partner_admin to have a partner: a new one unless the test names one. */
async function partnerOfNewPartnerAdmin(
  app: TestApp,
  organizationId: string,
  options: NewMemberOptions,
): Promise<string | null> {
  return options.role === 'partner_admin' ? (await newPartner(app, organizationId)).id : null;
}

/** A member who can log in with TEST_PASSWORD (unless unconfirmed or inactive). */
export async function newMember(
  app: TestApp,
  organizationId: string,
  options: NewMemberOptions = {},
): Promise<MemberEntity> {
  const repository = app.dataSource.getRepository(MemberEntity);
  return repository.save(
    repository.create({
      organizationId,
      email: options.email ?? `${unique('member')}@example.org`,
      fullName: 'Test Member',
      role: options.role ?? 'org_admin',
      profiles: options.profiles ?? [],
      partnerId:
        options.partnerId ?? (await partnerOfNewPartnerAdmin(app, organizationId, options)),
      passwordHash: TEST_PASSWORD_HASH,
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
