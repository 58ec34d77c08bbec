import { randomInt } from 'node:crypto';
import {
  type ConstituentEntity,
  type ConstituentFields,
  type InteractionEntity,
  InteractionRepository,
  type MemberEntity,
  type NeedEntity,
  type NewInteraction,
  type OrganizationEntity,
  organizationId,
  type PartnerEntity,
  TenantContext,
} from '@app/database';
import { bearer, newConstituent, newMember, newNeed, newOrg, newPartner } from '../factories';
import type { TestApp } from '../test-app';

let sequence = randomInt(0, 5000);

/** A valid US number, unique within a test file: constituents in 202, organizations in 312. */
export function testPhone(areaCode: '202' | '312' = '202'): string {
  sequence = (sequence + 1) % 10000;
  return `+1${areaCode}555${String(sequence).padStart(4, '0')}`;
}

export interface TextableNeed {
  org: OrganizationEntity;
  admin: MemberEntity;
  auth: { Authorization: string };
  partner: PartnerEntity;
  constituent: ConstituentEntity;
  need: NeedEntity;
}

/**
 * An organization with a provisioned number (assigned, its 10DLC registration verified) and an org_admin, and a need of one of its partners
 * whose constituent has a phone and an email.
 */
export async function newTextableNeed(
  app: TestApp,
  options: { org?: Partial<OrganizationEntity>; contact?: Partial<ConstituentFields> } = {},
): Promise<TextableNeed> {
  const org = await newOrg(app, {
    phoneNumber: testPhone('312'),
    phoneStatus: 'assigned',
    tcrStatus: 'VERIFIED',
    ...options.org,
  });
  const admin = await newMember(app, org.id);
  const partner = await newPartner(app, org.id);
  const constituent = await newConstituent(app, org.id, {
    phone: testPhone(),
    email: `person-${randomInt(0, 1e9)}@example.org`,
    ...options.contact,
  });
  const need = await newNeed(app, org.id, partner.id, {
    constituentId: constituent.id,
    householdId: constituent.householdId,
  });
  return { org, admin, auth: bearer(app, admin), partner, constituent, need };
}

/** An outbound SMS of the fixture's need by its admin, stored directly (no job, no send). */
export function newOutboundSms(
  app: TestApp,
  fixture: TextableNeed,
  fields: Pick<NewInteraction, 'body' | 'status'> & Partial<NewInteraction>,
): Promise<InteractionEntity> {
  return app.app.get(TenantContext).run(organizationId(fixture.org.id), () =>
    app.app.get(InteractionRepository).insert(organizationId(fixture.org.id), {
      needId: fixture.need.id,
      constituentId: fixture.constituent.id,
      channel: 'SMS',
      direction: 'OUTBOUND',
      subject: null,
      createdBy: fixture.admin.id,
      scheduledFor: null,
      ...fields,
    }),
  );
}

/** Polls `check` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
