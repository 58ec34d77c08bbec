import { randomUUID } from 'node:crypto';
import {
  ConstituentEntity,
  MemberEntity,
  NeedEntity,
  OrganizationEntity,
  PartnerEntity,
  TelephonyDetailRecordEntity,
} from '@app/database';
import { newConstituent, newMember, newNeed, newOrgWithAdmin, newPartner } from '../factories';
import type { TestApp } from '../test-app';

/** The same person in every tenant, so a search run in one would find the other's if it leaked. */
export const TENANT_CONTACT = {
  firstName: 'Rosa',
  lastName: 'Delgado',
  phone: '+12025550143',
  email: 'rosa.delgado@example.org',
} as const;

/** One organization with a row of every kind the API serves, each reachable by id. */
export interface Tenant {
  org: OrganizationEntity;
  admin: MemberEntity;
  auth: { Authorization: string };
  partner: PartnerEntity;
  staff: MemberEntity;
  volunteer: MemberEntity;
  shiftId: string;
  constituent: ConstituentEntity;
  /** A look-alike of `constituent` in another household, created over HTTP: it raised `matchId`. */
  twinId: string;
  twinHouseholdId: string;
  matchId: string;
  /** A constituent merged into `constituent` over HTTP, and that merge's id. */
  mergedAwayId: string;
  mergeId: string;
  need: NeedEntity;
  telephonyRecordId: string;
  /** An address marked as a shared location (a shelter), over HTTP. */
  sharedContactId: string;
  /** An event subscription, over HTTP. */
  subscriptionId: string;
}

/** A tenant built as clients build one: the shift and the look-alike (and its match) over HTTP. */
export async function newTenant(app: TestApp): Promise<Tenant> {
  const { org, admin, auth } = await newOrgWithAdmin(app);
  const partner = await newPartner(app, org.id, { isDefault: true });
  const staff = await newMember(app, org.id, { role: 'staff', partnerId: partner.id });
  const volunteer = await newMember(app, org.id, { role: 'volunteer', partnerId: partner.id });
  const shift = await app.http.post('/api/volunteers/schedule').set(auth).send({
    volunteer_user_id: volunteer.id,
    partner_id: partner.id,
    start_time: '2030-01-07T09:00:00Z',
    end_time: '2030-01-07T13:00:00Z',
  });
  const constituent = await newConstituent(app, org.id, TENANT_CONTACT);
  const twin = await app.http
    .post('/api/constituents')
    .set(auth)
    .send({ ...TENANT_CONTACT, firstName: 'Rosalia' });
  const mergedAway = await newConstituent(app, org.id);
  const merge = await app.http
    .post('/api/constituents/merge')
    .set(auth)
    .send({ sourceConstituentId: mergedAway.id, targetConstituentId: constituent.id });
  const merges = await app.http.get(`/api/constituents/${constituent.id}/merges`).set(auth);
  const need = await newNeed(app, org.id, partner.id, {
    constituentId: constituent.id,
    householdId: constituent.householdId,
    createdBy: admin.id,
  });
  const record = await app.dataSource.getRepository(TelephonyDetailRecordEntity).save({
    organizationId: org.id,
    direction: 'outbound',
    cli: '+13125550100',
    cld: TENANT_CONTACT.phone,
    status: 'accepted',
    cost: '0.0040',
    providerMessageId: randomUUID(),
  });
  const shelter = await app.http
    .post('/api/shared-contacts')
    .set(auth)
    .send({ kind: 'ADDRESS', addressStreet: '220 Harbor Light Way', addressZip: '60607' });
  const subscription = await app.http
    .post('/api/webhooks/subscriptions')
    .set(auth)
    .send({ url: 'https://203.0.113.10/hooks', events: ['need.created'] });
  if (
    shift.status !== 201 ||
    twin.status !== 201 ||
    twin.body.matches.length !== 1 ||
    merge.status !== 200 ||
    merges.body.length !== 1 ||
    shelter.status !== 201 ||
    subscription.status !== 201
  ) {
    throw new Error(
      `tenant setup failed: ${JSON.stringify([shift.body, twin.body, merges.body, shelter.body, subscription.body])}`,
    );
  }
  return {
    org,
    admin,
    auth,
    partner,
    staff,
    volunteer,
    constituent,
    need,
    shiftId: shift.body.id,
    twinId: twin.body.id,
    twinHouseholdId: twin.body.householdId,
    matchId: twin.body.matches[0].id,
    mergedAwayId: mergedAway.id,
    mergeId: merges.body[0].id,
    telephonyRecordId: record.id,
    sharedContactId: shelter.body.id,
    subscriptionId: subscription.body.id,
  };
}

/** Every id of the tenant's rows: none may appear in another tenant's answers. */
export function tenantIds(tenant: Tenant): string[] {
  return [
    tenant.org.id,
    tenant.admin.id,
    tenant.partner.id,
    tenant.staff.id,
    tenant.volunteer.id,
    tenant.shiftId,
    tenant.constituent.id,
    tenant.constituent.householdId,
    tenant.twinId,
    tenant.twinHouseholdId,
    tenant.matchId,
    tenant.mergedAwayId,
    tenant.mergeId,
    tenant.need.id,
    tenant.telephonyRecordId,
    tenant.sharedContactId,
    tenant.subscriptionId,
  ];
}
