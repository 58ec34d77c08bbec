import { randomUUID } from 'node:crypto';
import { aliasKey, fold } from '../libs/domain/src/matching';

/** Anything that runs SQL with parameters: a pg Client or Pool, or a TypeORM DataSource. */
export interface Queryable {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

// prettier-ignore
const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
  'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen',
  'Christopher', 'Lisa', 'Daniel', 'Nancy', 'Matthew', 'Betty', 'Anthony', 'Margaret', 'Mark', 'Sandra',
  'Donald', 'Ashley', 'Steven', 'Kimberly', 'Paul', 'Emily', 'Andrew', 'Donna', 'Joshua', 'Michelle',
  'Kenneth', 'Carol', 'Kevin', 'Amanda', 'Brian', 'Dorothy', 'George', 'Melissa', 'Timothy', 'Deborah',
  'Jose', 'Maria', 'Luis', 'Ana', 'Carlos', 'Rosa', 'Juan', 'Carmen', 'Miguel', 'Lucia', 'Wei', 'Mei',
  'Minh', 'Linh', 'Aisha', 'Omar', 'Fatima', 'Ahmed', 'Priya', 'Raj', 'Olga', 'Ivan', 'Grace', 'Samuel',
];
// prettier-ignore
const SURNAME_STARTS = [
  'Ander', 'Bar', 'Car', 'Dal', 'Ed', 'Fer', 'Gar', 'Har', 'Jo', 'Kel', 'Lor', 'Mar', 'Nor', 'Or', 'Pet',
  'Ram', 'San', 'Tor', 'Val', 'Wil', 'Ya', 'Zim', 'Mc', 'Bell', 'Chan', 'Dun', 'Fitz', 'Gon', 'Hol', 'Kar',
];
// prettier-ignore
const SURNAME_ENDS = [
  'son', 'ez', 'ton', 'ley', 'man', 'berg', 'ski', 'ini', 'ov', 'ard', 'ford', 'well', 'er', 'ine', 'ero',
  'ick', 'ani', 'dez', 'ham', 'ova',
];
// prettier-ignore
const STREETS = [
  'Oak', 'Maple', 'Pine', 'Cedar', 'Elm', 'Washington', 'Lake', 'Hill', 'Park', 'Main', 'Church', 'Mill',
  'River', 'Spring', 'Sunset', 'Highland', 'Forest', 'Jackson', 'Lincoln', 'Madison',
];
const STREET_TYPES = ['St', 'Ave', 'Rd', 'Ln', 'Dr', 'Blvd', 'Ct'];
const STATES = ['IL', 'NY', 'CA', 'TX', 'FL', 'WA', 'GA', 'OH', 'PA', 'MI'];
const ZIP_CODES = 2000;
/** Rows per statement; chunks run concurrently when `db` is a pool (a DataSource), one by one on a Client. */
const CHUNK = 250_000;

/** Time-ordered UUIDs (a random v4 prefix per seeding, then a number) keep the btree inserts sequential. */
const orderedId = (prefix: string, number: string) =>
  `(left(${prefix}, 24) || lpad(to_hex(${number}), 12, '0'))::uuid`;

interface Chunk {
  organizationId: string;
  from: number;
  to: number;
  householdPrefix: string;
  constituentPrefix: string;
}

/** Constituents number `from` to `to` - 1 and their households: constituent g lives in household ⌊2g/5⌋. */
async function seedChunk(db: Queryable, chunk: Chunk): Promise<void> {
  await db.query(
    `INSERT INTO household (id, organization_id)
     SELECT ${orderedId('$2::text', 'n')}, $1 FROM generate_series($3 * 2 / 5, ($4 - 1) * 2 / 5) AS n`,
    [chunk.organizationId, chunk.householdPrefix, chunk.from, chunk.to],
  );
  await db.query(
    `WITH person AS (
       SELECT g, ${orderedId('$3::text', 'g')} AS id, ${orderedId('$4::text', 'g * 2 / 5')} AS household_id,
              abs(hashint8(g)::bigint) AS h1, abs(hashint8(g + 7919)::bigint) AS h2,
              abs(hashint8(g + 104729)::bigint) AS h3
         FROM generate_series($2::bigint, $5 - 1) AS g
     ), named AS (
       SELECT person.*,
              ($6::text[])[1 + h1 % cardinality($6::text[])] AS first_name,
              ($7::text[])[1 + h1 % cardinality($7::text[])] AS first_alias,
              ($8::text[])[1 + h2 % cardinality($8::text[])] || ($9::text[])[1 + h3 % cardinality($9::text[])] AS last_name,
              (1 + h3 % 9999) || ' ' || ($10::text[])[1 + h1 % cardinality($10::text[])] || ' '
                || ($11::text[])[1 + h2 % cardinality($11::text[])]
                || CASE WHEN h3 % 4 = 0 THEN ' Apt ' || (1 + h2 % 40) ELSE '' END AS street,
              CASE WHEN h2 % 10 < 7 THEN '+1' || (201 + h1 % 780) || lpad((h3 % 10000000)::text, 7, '0') END AS phone
         FROM person
     )
     INSERT INTO constituent (
       id, organization_id, household_id, first_name, last_name, phone, email, address_street, address_city,
       address_state, address_zip, date_of_birth, name_key, alias_key, phone_digits, street_key, created_at,
       updated_at)
     SELECT id, $1, household_id, first_name, last_name, phone,
            CASE WHEN h3 % 10 < 4 THEN lower(first_name || '.' || last_name || g) || '@example.org' END,
            street, 'Springfield', ($12::text[])[1 + h2 % cardinality($12::text[])],
            (10001 + h2 % $13)::text, date '1930-01-01' + (h1 % 30000)::int,
            lower(first_name || ' ' || last_name), first_alias || ' ' || lower(last_name), substr(phone, 2),
            lower(street), now() - make_interval(secs => $5 - g), now() - make_interval(secs => $5 - g)
       FROM named`,
    [
      chunk.organizationId,
      chunk.from,
      chunk.constituentPrefix,
      chunk.householdPrefix,
      chunk.to,
      FIRST_NAMES,
      FIRST_NAMES.map((name) => aliasKey(fold(name))),
      SURNAME_STARTS,
      SURNAME_ENDS,
      STREETS,
      STREET_TYPES,
      STATES,
      ZIP_CODES,
    ],
  );
}

/**
 * Seeds `count` constituents (and their households, 2.5 people each) into one organization with
 * INSERT ... SELECT over generate_series: deterministic pseudo-random names (75 given names, 600
 * surnames), phones for 70%, emails for 40%, addresses in 2,000 ZIP codes, birth dates from 1930.
 * The normalized columns are written as the application writes them. Ends with VACUUM ANALYZE
 * (statistics, visibility map, GIN pending lists merged) unless told not to (a caller seeding many
 * organizations vacuums once), so `db` must not be inside a transaction.
 */
export async function seedConstituents(
  db: Queryable,
  organizationId: string,
  count: number,
  { vacuum = true } = {},
): Promise<void> {
  const prefixes = { householdPrefix: randomUUID(), constituentPrefix: randomUUID() };
  const chunks: Promise<void>[] = [];
  for (let from = 0; from < count; from += CHUNK) {
    chunks.push(
      seedChunk(db, { organizationId, from, to: Math.min(count, from + CHUNK), ...prefixes }),
    );
  }
  await Promise.all(chunks);
  if (vacuum) await db.query('VACUUM ANALYZE household, constituent');
}
