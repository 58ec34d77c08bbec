import { MigrationInterface, QueryRunner } from 'typeorm';

export class EmailSettings1763800002000 implements MigrationInterface {
  name = 'EmailSettings1763800002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE organization_email_settings (
        organization_id uuid PRIMARY KEY REFERENCES organization (id) ON DELETE CASCADE,
        provider text NOT NULL CHECK (provider IN ('smtp', 'sendgrid', 'mailgun', 'postmark')),
        api_key_ciphertext bytea NOT NULL,
        api_key_key_id text NOT NULL,
        api_key_last4 text NOT NULL,
        from_email text NOT NULL,
        from_name text,
        domain text,
        region text CHECK (region IN ('us', 'eu')),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (provider <> 'mailgun' OR (domain IS NOT NULL AND region IS NOT NULL))
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE organization_email_settings`);
  }
}
