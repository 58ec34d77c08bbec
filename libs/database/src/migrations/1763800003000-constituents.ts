import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Constituents, their households, household-match suggestions and the merge audit trail.
 * name_key, alias_key, phone_digits and street_key are normalized in application code (libs/domain),
 * so the search and matching indexes stay plain (unaccent() is not immutable).
 */
export class Constituents1763800003000 implements MigrationInterface {
  name = 'Constituents1763800003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE household (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
        merged_into_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, id),
        FOREIGN KEY (organization_id, merged_into_id) REFERENCES household (organization_id, id),
        CHECK (merged_into_id <> id)
      )`);
    await q.query(`
      CREATE TABLE constituent (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
        household_id uuid NOT NULL,
        first_name text,
        last_name text,
        phone text CHECK (phone ~ '^\\+[1-9][0-9]{7,14}$'),
        email citext,
        address_street text,
        address_city text,
        address_state text CHECK (address_state ~ '^[A-Z]{2}$'),
        address_zip text CHECK (address_zip ~ '^[0-9]{5}$'),
        date_of_birth date,
        sms_opted_out boolean NOT NULL DEFAULT false,
        merged_into_id uuid,
        name_key text,
        alias_key text,
        phone_digits text,
        street_key text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, id),
        FOREIGN KEY (organization_id, household_id) REFERENCES household (organization_id, id),
        FOREIGN KEY (organization_id, merged_into_id) REFERENCES constituent (organization_id, id),
        CHECK (merged_into_id <> id)
      )`);
    await q.query(
      `CREATE INDEX constituent_household_idx ON constituent (organization_id, household_id)`,
    );
    const live = 'WHERE merged_into_id IS NULL';
    await q.query(
      `CREATE INDEX constituent_name_trgm_idx ON constituent USING gin (name_key gin_trgm_ops) ${live}`,
    );
    await q.query(
      `CREATE INDEX constituent_alias_trgm_idx ON constituent USING gin (alias_key gin_trgm_ops) ${live}`,
    );
    await q.query(
      `CREATE INDEX constituent_phone_idx ON constituent (organization_id, phone_digits) ${live}`,
    );
    await q.query(
      `CREATE INDEX constituent_email_idx ON constituent (organization_id, email) ${live}`,
    );
    await q.query(
      `CREATE INDEX constituent_birth_date_idx ON constituent (organization_id, date_of_birth) ${live}`,
    );
    await q.query(
      `CREATE INDEX constituent_address_idx ON constituent (organization_id, address_zip, street_key) ${live}`,
    );
    await q.query(
      `CREATE INDEX constituent_recent_idx ON constituent (organization_id, created_at DESC, id DESC) ${live}`,
    );
    await q.query(`
      CREATE TABLE household_match (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
        constituent_id uuid NOT NULL,
        candidate_constituent_id uuid NOT NULL,
        household_id uuid NOT NULL,
        candidate_household_id uuid NOT NULL,
        score numeric(4, 3) NOT NULL CHECK (score BETWEEN 0 AND 1),
        reasons text[] NOT NULL CHECK (
          cardinality(reasons) > 0
          AND reasons <@ ARRAY['PHONE', 'EMAIL', 'NAME_DOB', 'NAME_ADDRESS', 'ADDRESS']
        ),
        status text NOT NULL DEFAULT 'PENDING'
          CHECK (status IN ('PENDING', 'MERGED_HOUSEHOLD', 'MERGED_CONSTITUENT', 'DISMISSED')),
        resolved_by uuid,
        resolved_at timestamptz,
        -- milliseconds, so that the keyset cursor (createdAt, id) round-trips through JavaScript dates
        created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
        UNIQUE (organization_id, id),
        FOREIGN KEY (organization_id, constituent_id) REFERENCES constituent (organization_id, id),
        FOREIGN KEY (organization_id, candidate_constituent_id) REFERENCES constituent (organization_id, id),
        FOREIGN KEY (organization_id, household_id) REFERENCES household (organization_id, id),
        FOREIGN KEY (organization_id, candidate_household_id) REFERENCES household (organization_id, id),
        FOREIGN KEY (organization_id, resolved_by) REFERENCES member (organization_id, id),
        CHECK (constituent_id <> candidate_constituent_id),
        CHECK ((status = 'PENDING') = (resolved_at IS NULL))
      )`);
    await q.query(`
      CREATE UNIQUE INDEX household_match_pair_key ON household_match (
        organization_id,
        least(constituent_id, candidate_constituent_id),
        greatest(constituent_id, candidate_constituent_id)
      )`);
    await q.query(
      `CREATE INDEX household_match_recent_idx ON household_match (organization_id, created_at DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX household_match_status_idx ON household_match (organization_id, status, created_at DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX household_match_constituent_idx ON household_match (organization_id, constituent_id)`,
    );
    await q.query(
      `CREATE INDEX household_match_candidate_idx ON household_match (organization_id, candidate_constituent_id)`,
    );
    await q.query(`
      CREATE TABLE merge_audit (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('MERGE_CONSTITUENT', 'MERGE_HOUSEHOLD')),
        source_constituent_id uuid NOT NULL,
        target_constituent_id uuid NOT NULL,
        source_household_id uuid NOT NULL,
        target_household_id uuid NOT NULL,
        household_match_id uuid,
        source_before jsonb NOT NULL,
        target_before jsonb NOT NULL,
        moved jsonb NOT NULL,
        merged_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, id),
        FOREIGN KEY (organization_id, source_constituent_id) REFERENCES constituent (organization_id, id),
        FOREIGN KEY (organization_id, target_constituent_id) REFERENCES constituent (organization_id, id),
        FOREIGN KEY (organization_id, source_household_id) REFERENCES household (organization_id, id),
        FOREIGN KEY (organization_id, target_household_id) REFERENCES household (organization_id, id),
        FOREIGN KEY (organization_id, household_match_id) REFERENCES household_match (organization_id, id),
        FOREIGN KEY (organization_id, merged_by) REFERENCES member (organization_id, id)
      )`);
    await q.query(
      `CREATE INDEX merge_audit_source_idx ON merge_audit (organization_id, source_constituent_id)`,
    );
    await q.query(
      `CREATE INDEX merge_audit_target_idx ON merge_audit (organization_id, target_constituent_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE merge_audit`);
    await q.query(`DROP TABLE household_match`);
    await q.query(`DROP TABLE constituent`);
    await q.query(`DROP TABLE household`);
  }
}
