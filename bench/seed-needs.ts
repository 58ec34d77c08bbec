import { randomBytes } from 'node:crypto';
import { REFERENCE_ALPHABET } from '../libs/domain/src/needs/reference-number';
import type { Queryable } from './seed-constituents';

// prettier-ignore
const SITUATIONS = [
  'Family of four needs groceries', 'Behind on rent after losing hours at work', 'Needs a ride to a medical appointment',
  'Utility shut-off notice received', 'Looking for a winter coat and boots', 'Needs help filling in benefit forms',
  'Elderly neighbour cannot get to the pharmacy', 'Baby formula and diapers needed', 'Eviction hearing next week',
  'School supplies for two children', 'Lost job and needs food this week', 'Needs legal advice about a lease',
  'Heating broke down, no money for repair', 'Looking for a shelter bed tonight', 'Needs a translator for a clinic visit',
];
// prettier-ignore
const DETAILS = [
  'Prefers a call in the evening.', 'Speaks Spanish.', 'Has no car.', 'Lives alone.', 'Two small children at home.',
  'Already asked another agency.', 'Can pick up on Saturday.', 'Phone credit runs out soon.', 'Uses a wheelchair.',
  'Referred by the school nurse.', 'Needs it before Friday.', 'First time asking for help.',
];

/** Six characters of the reference alphabet ($4) spelling g in base 31: unique for 887 million needs. */
const REFERENCE_SUFFIX = [5, 4, 3, 2, 1, 0]
  .map((digit) => `substr($4, 1 + ((g / ${31 ** digit}) % 31)::int, 1)`)
  .join(' || ');

/**
 * UUIDs that follow g, under a random prefix ($7, $8) per seeding: appending to their unique indexes
 * instead of inserting at random places makes the load several times faster.
 */
const sequentialUuid = (prefix: string) =>
  `(${prefix} || '-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid`;

/**
 * Seeds `count` needs spread over the partners of one organization, newest last, one every 30
 * seconds back from now, in one INSERT ... SELECT over generate_series: mixed statuses (40% NEW,
 * most of them overdue and already escalated), 5% confidential, unique reference numbers
 * `SEED-xxxxxx`. Descriptions combine common phrases with a long tail of 50,000 words drawn
 * log-uniformly (as in natural text), so search statistics look like real ones.
 */
export async function seedNeeds(
  db: Queryable,
  organizationId: string,
  partnerIds: string[],
  count: number,
): Promise<void> {
  await db.query(
    `WITH numbered AS (
       SELECT g, abs(hashint8(g)::bigint) AS h, now() - make_interval(secs => 30 * ($3 - g)) AS created_at
         FROM generate_series(0, $3 - 1) AS g
     ), shaped AS (
       SELECT numbered.*,
              CASE WHEN h % 100 < 40 THEN 'NEW' WHEN h % 100 < 55 THEN 'ACCEPTED'
                   WHEN h % 100 < 75 THEN 'IN_PROGRESS' WHEN h % 100 < 80 THEN 'ON_HOLD'
                   WHEN h % 100 < 95 THEN 'RESOLVED' WHEN h % 100 < 98 THEN 'DECLINED'
                   ELSE 'CANCELLED' END AS status,
              created_at + interval '24 hours' AS due_date
         FROM numbered
     )
     INSERT INTO need (
       id, survey_token, organization_id, partner_id, status, description, is_confidential, reference_number, sla_hours,
       due_date, sla_paused_at, sla_remaining_seconds, outcome, reason, resolved_at, escalated_at,
       created_at, updated_at)
     SELECT ${sequentialUuid('$7')}, ${sequentialUuid('$8')}, $1, ($2::uuid[])[1 + h % cardinality($2::uuid[])], status,
            ($5::text[])[1 + h % cardinality($5::text[])] || '. '
              || ($6::text[])[1 + (h / 7) % cardinality($6::text[])]
              || ' Mentions item' || floor(exp(ln(50000) * ((h / 97) % 100000) / 100000.0))::int
              || '. Case ' || g,
            h % 20 = 0,
            'SEED-' || ${REFERENCE_SUFFIX},
            24, due_date,
            CASE WHEN status = 'ON_HOLD' THEN created_at + interval '1 hour' END,
            CASE WHEN status = 'ON_HOLD' THEN 82800 END,
            CASE WHEN status = 'RESOLVED' THEN (ARRAY['MET', 'NOT_MET'])[1 + h % 2] END,
            CASE WHEN status = 'DECLINED' THEN 'no_capacity' WHEN status = 'CANCELLED' THEN 'withdrawn' END,
            CASE WHEN status = 'RESOLVED' THEN created_at + interval '2 days' END,
            CASE WHEN status = 'NEW' AND due_date < now() THEN due_date END,
            created_at, created_at
       FROM shaped`,
    [
      organizationId,
      partnerIds,
      count,
      REFERENCE_ALPHABET,
      SITUATIONS,
      DETAILS,
      randomBytes(4).toString('hex'),
      randomBytes(4).toString('hex'),
    ],
  );
  await db.query('ANALYZE need');
}
