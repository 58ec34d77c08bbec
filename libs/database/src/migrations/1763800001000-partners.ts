import { MigrationInterface, QueryRunner } from 'typeorm';

export class Partners1763800001000 implements MigrationInterface {
  name = 'Partners1763800001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE partner (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
        name text NOT NULL,
        sla_hours int NOT NULL CHECK (sla_hours >= 1),
        is_archived boolean NOT NULL DEFAULT false,
        is_default boolean NOT NULL DEFAULT false,
        default_confidential boolean NOT NULL DEFAULT false,
        description text,
        keywords text[] NOT NULL DEFAULT '{}',
        website text,
        public_category_name text,
        timezone text,
        operating_hours jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, id),
        CONSTRAINT partner_default_not_archived CHECK (NOT (is_default AND is_archived))
      )`);
    await q.query(`CREATE INDEX partner_organization_name_idx ON partner (organization_id, name)`);
    await q.query(
      `CREATE UNIQUE INDEX partner_one_default_idx ON partner (organization_id) WHERE is_default`,
    );
    await q.query(`
      ALTER TABLE member
        ADD CONSTRAINT member_partner_fk
          FOREIGN KEY (organization_id, partner_id) REFERENCES partner (organization_id, id),
        ADD CONSTRAINT member_partner_admin_has_partner
          CHECK (role <> 'partner_admin' OR partner_id IS NOT NULL)`);
    await q.query(`CREATE INDEX member_partner_idx ON member (organization_id, partner_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX member_partner_idx`);
    await q.query(`
      ALTER TABLE member
        DROP CONSTRAINT member_partner_admin_has_partner,
        DROP CONSTRAINT member_partner_fk`);
    await q.query(`DROP TABLE partner`);
  }
}
