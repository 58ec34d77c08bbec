import { MigrationInterface, QueryRunner } from 'typeorm';

export class VolunteerShifts1763800001500 implements MigrationInterface {
  name = 'VolunteerShifts1763800001500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);
    await q.query(`
      CREATE TABLE volunteer_shift (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
        volunteer_user_id uuid NOT NULL,
        partner_id uuid,
        start_time timestamptz NOT NULL,
        end_time timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, id),
        FOREIGN KEY (organization_id, volunteer_user_id)
          REFERENCES member (organization_id, id) ON DELETE CASCADE,
        FOREIGN KEY (organization_id, partner_id) REFERENCES partner (organization_id, id),
        CONSTRAINT volunteer_shift_window_check
          CHECK (end_time > start_time AND end_time - start_time <= interval '24 hours'),
        CONSTRAINT volunteer_shift_no_overlap EXCLUDE USING gist (
          organization_id WITH =,
          volunteer_user_id WITH =,
          tstzrange(start_time, end_time) WITH &&
        )
      )`);
    await q.query(
      `CREATE INDEX volunteer_shift_start_idx ON volunteer_shift (organization_id, start_time)`,
    );
    await q.query(
      `CREATE INDEX volunteer_shift_volunteer_idx
         ON volunteer_shift (organization_id, volunteer_user_id, start_time)`,
    );
    await q.query(
      `CREATE INDEX volunteer_shift_partner_idx
         ON volunteer_shift (organization_id, partner_id, start_time)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE volunteer_shift`);
  }
}
