import { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1763800000000 implements MigrationInterface {
  name = 'Foundation1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS citext`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`
      CREATE TABLE organization (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        legal_name text,
        slug citext NOT NULL UNIQUE,
        short_code text UNIQUE,
        org_status text NOT NULL DEFAULT 'ENABLED' CHECK (org_status IN ('ENABLED', 'DISABLED')),
        max_concurrency int NOT NULL DEFAULT 1 CHECK (max_concurrency >= 0),
        tcr_status text,
        tcr_brand_status text NOT NULL DEFAULT 'unregistered',
        tcr_campaign_status text NOT NULL DEFAULT 'unregistered',
        phone_status text NOT NULL DEFAULT 'unassigned',
        profile_status text NOT NULL DEFAULT 'unconfigured',
        tcr_brand_id text,
        tcr_campaign_id text,
        provisioning_error text,
        provisioning_step_errors jsonb NOT NULL DEFAULT '{}',
        phone_number text,
        redirect_phone_number text,
        ein_tax_id text,
        daily_sms_cap int NOT NULL DEFAULT 1000 CHECK (daily_sms_cap >= 0),
        monthly_sms_budget int NOT NULL DEFAULT 10000 CHECK (monthly_sms_budget >= 0),
        quiet_hours_enabled boolean NOT NULL DEFAULT false,
        quiet_hours_start text,
        quiet_hours_end text,
        bypass_quiet_hours_for_emergency boolean NOT NULL DEFAULT true,
        sms_sender_name text,
        support_email text,
        support_phone text,
        street text,
        city text,
        state text,
        zip text,
        legal_street text,
        legal_city text,
        legal_state text,
        legal_zip text,
        timezone text NOT NULL DEFAULT 'UTC',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE member (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
        email citext NOT NULL,
        full_name text NOT NULL,
        role text NOT NULL CHECK (role IN ('org_admin', 'partner_admin', 'staff', 'volunteer')),
        partner_id uuid,
        profiles text[] NOT NULL DEFAULT '{}',
        phone text,
        password_hash text,
        is_confirmed boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT true,
        sms_opted_out boolean,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, id),
        UNIQUE (organization_id, email)
      )`);
    await q.query(`CREATE INDEX member_email_idx ON member (email)`);
    await q.query(`
      CREATE TABLE refresh_token (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
        member_id uuid NOT NULL,
        family_id uuid NOT NULL,
        token_hash bytea NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY (organization_id, member_id) REFERENCES member (organization_id, id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX refresh_token_organization_idx ON refresh_token (organization_id)`);
    await q.query(`CREATE INDEX refresh_token_family_idx ON refresh_token (family_id)`);
    await q.query(`CREATE INDEX refresh_token_expires_idx ON refresh_token (expires_at)`);
    await q.query(`
      CREATE TABLE member_invitation (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
        member_id uuid NOT NULL,
        token_hash bytea NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY (organization_id, member_id) REFERENCES member (organization_id, id) ON DELETE CASCADE
      )`);
    await q.query(
      `CREATE INDEX member_invitation_organization_idx ON member_invitation (organization_id)`,
    );
    await q.query(`CREATE INDEX member_invitation_member_idx ON member_invitation (member_id)`);
    await q.query(`CREATE INDEX member_invitation_expires_idx ON member_invitation (expires_at)`);
    await q.query(`
      CREATE TABLE login_failure (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        scope_key text NOT NULL,
        failed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX login_failure_scope_idx ON login_failure (scope_key, failed_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE login_failure`);
    await q.query(`DROP TABLE member_invitation`);
    await q.query(`DROP TABLE refresh_token`);
    await q.query(`DROP TABLE member`);
    await q.query(`DROP TABLE organization`);
  }
}
