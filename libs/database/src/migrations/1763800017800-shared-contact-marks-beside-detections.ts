import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A point may have an admin's mark and a detection side by side (one of each): a mark no longer
 * overwrites the detection, which stays as detected (the mark decides while it stands).
 */
export class SharedContactMarksBesideDetections1763800017800 implements MigrationInterface {
  name = 'SharedContactMarksBesideDetections1763800017800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE shared_contact
         DROP CONSTRAINT shared_contact_organization_id_kind_key_key,
         ADD CONSTRAINT shared_contact_point_source_key UNIQUE (organization_id, kind, key, source)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM shared_contact WHERE source = 'DETECTED'
                     AND (organization_id, kind, key) IN (
                       SELECT organization_id, kind, key FROM shared_contact WHERE source = 'MARKED')`);
    await q.query(
      `ALTER TABLE shared_contact
         DROP CONSTRAINT shared_contact_point_source_key,
         ADD CONSTRAINT shared_contact_organization_id_kind_key_key UNIQUE (organization_id, kind, key)`,
    );
  }
}
