import { randomUUID } from 'node:crypto';
import { TelephonyDetailRecordEntity } from '@app/database';
import { bearer, newConstituent, newMember, newNeed, newOrg, newPartner } from '../factories';
import { testPhone } from '../sms/sms-fixtures';
import type { TestApp } from '../test-app';
import type { IdSource } from './valid-values';

type Kind =
  | 'organizations'
  | 'partners'
  | 'members'
  | 'volunteers'
  | 'constituents'
  | 'households'
  | 'needs'
  | 'matches'
  | 'shifts'
  | 'surveyTokens'
  | 'subscriptions';

/** Which rows a uuid field of a body or query names. */
const FIELD_KINDS: Record<string, Kind> = {
  organizationId: 'organizations',
  partnerId: 'partners',
  partner_id: 'partners',
  assignedTo: 'members',
  volunteer_user_id: 'volunteers',
  constituentId: 'constituents',
  sourceConstituentId: 'constituents',
  targetConstituentId: 'constituents',
  householdId: 'households',
  parentNeedId: 'needs',
};

/** Which rows the `{id}` of a path names, by the path's start. */
const PATH_KINDS: [string, Kind][] = [
  ['/api/organizations/', 'organizations'],
  ['/api/partners/', 'partners'],
  ['/api/members/', 'members'],
  ['/api/volunteers/schedule/', 'shifts'],
  ['/api/constituents/', 'constituents'],
  ['/api/households/', 'households'],
  ['/api/needs/', 'needs'],
  ['/api/household-matches/', 'matches'],
  ['/api/surveys/', 'surveyTokens'],
  ['/api/webhooks/subscriptions/', 'subscriptions'],
];

export interface PopulatedOrg {
  organizationId: string;
  /** An org_admin's Authorization header (the admin is in no id pool: fuzzing cannot lock it out). */
  auth: { Authorization: string };
  rows: Record<Kind, string[]>;
  ids: IdSource;
  pathIds(path: string): readonly string[];
}

/**
 * An organization with a few rows of every kind (needs with reachable constituents, household
 * matches, shifts, telephony records, SendGrid email settings), for walks over every operation.
 * Null-able fields are null on some rows and set on others (one partner has operating hours).
 */
export async function populatedOrg(app: TestApp): Promise<PopulatedOrg> {
  const org = await newOrg(app, { phoneNumber: testPhone('312') });
  const auth = bearer(app, await newMember(app, org.id));
  const partners = [
    await newPartner(app, org.id, { isDefault: true }),
    await newPartner(app, org.id, { keywords: ['food'] }),
    await newPartner(app, org.id),
  ];
  const staff = await newMember(app, org.id, { role: 'staff', profiles: ['needs_processor'] });
  const volunteers = [
    await newMember(app, org.id, { role: 'volunteer' }),
    await newMember(app, org.id, { role: 'volunteer', partnerId: partners[1].id }),
  ];
  const constituents = [];
  for (let i = 0; i < 6; i += 1) {
    constituents.push(
      await newConstituent(app, org.id, { phone: testPhone(), email: `c${i}@example.org` }),
    );
  }
  const needs = [];
  for (const [i, constituent] of constituents.entries()) {
    const { id, householdId } = constituent;
    needs.push(await newNeed(app, org.id, partners[i % 3].id, { constituentId: id, householdId }));
  }
  await app.http
    .post(`/api/surveys/${needs[0].surveyToken}`)
    .send({ answers: { household_size: 3, age_range: '25_34', zip: '60614' } })
    .expect(201);
  const matches: string[] = [];
  for (const { phone } of constituents.slice(0, 3)) {
    const created = await app.http.post('/api/constituents').set(auth).send({ phone }).expect(201);
    constituents.push(created.body);
    matches.push(...created.body.matches.map((match: { id: string }) => match.id));
  }
  const shifts: string[] = [];
  for (const [i, volunteer] of volunteers.entries()) {
    const start = Date.UTC(2030, 0, 1 + i, 9);
    const shift = await app.http
      .post('/api/volunteers/schedule')
      .set(auth)
      .send({
        volunteer_user_id: volunteer.id,
        start_time: new Date(start).toISOString(),
        end_time: new Date(start + 4 * 3600_000).toISOString(),
      })
      .expect(201);
    shifts.push(shift.body.id);
  }
  for (const direction of ['outbound', 'inbound'] as const) {
    await app.dataSource.getRepository(TelephonyDetailRecordEntity).save({
      organizationId: org.id,
      direction,
      cli: '+13125550100',
      cld: '+12025550100',
      status: direction === 'outbound' ? 'accepted' : 'received',
      cost: '0.0040',
      providerMessageId: randomUUID(),
    });
  }
  await app.http
    .put(`/api/partners/${partners[2].id}`)
    .set(auth)
    .send({
      operating_hours: {
        weekly_hours: { monday: { is_open: true, start: '09:00', end: '17:00' } },
      },
    })
    .expect(200);
  await app.http
    .put('/api/organizations/settings/email')
    .set(auth)
    .send({ provider: 'sendgrid', apiKey: 'SG.fuzz-key-0001', fromEmail: 'help@example.org' })
    .expect(200);
  const subscriptions: string[] = [];
  for (const events of [['need.created'], ['need.assigned', 'need.status_changed']]) {
    const subscription = await app.http
      .post('/api/webhooks/subscriptions')
      .set(auth)
      .send({ url: 'https://203.0.113.10/hooks', events })
      .expect(201);
    subscriptions.push(subscription.body.id);
  }
  const rows: Record<Kind, string[]> = {
    organizations: [org.id],
    partners: partners.map((partner) => partner.id),
    members: [staff.id, ...volunteers.map((volunteer) => volunteer.id)],
    volunteers: volunteers.map((volunteer) => volunteer.id),
    constituents: constituents.map((constituent) => constituent.id),
    households: [...new Set(constituents.map((constituent) => constituent.householdId))],
    needs: needs.map((need) => need.id),
    matches,
    shifts,
    surveyTokens: needs.slice(1).map((need) => need.surveyToken),
    subscriptions,
  };
  return {
    organizationId: org.id,
    auth,
    rows,
    ids: (field) => (FIELD_KINDS[field] ? rows[FIELD_KINDS[field]] : undefined),
    pathIds: (path) => {
      const kind = PATH_KINDS.find(([prefix]) => path.startsWith(prefix))?.[1];
      return kind ? rows[kind] : [];
    },
  };
}
