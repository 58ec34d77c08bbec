import { MigrationInterface, QueryRunner } from 'typeorm';

const LIVE = 'WHERE merged_into_id IS NULL';

/**
 * Name search indexes keyed by organization first (btree_gin): a search reads the trigram entries
 * of its own organization's constituents, so a small organization's search costs the same whether
 * or not millions of other organizations' constituents share the table.
 */
export class OrganizationScopedNameSearch1763800009000 implements MigrationInterface {
  name = 'OrganizationScopedNameSearch1763800009000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS btree_gin`);
    for (const column of ['name', 'alias']) {
      await q.query(`DROP INDEX constituent_${column}_trgm_idx`);
      await q.query(
        `CREATE INDEX constituent_${column}_trgm_idx ON constituent
           USING gin (organization_id, ${column}_key gin_trgm_ops) ${LIVE}`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const column of ['name', 'alias']) {
      await q.query(`DROP INDEX constituent_${column}_trgm_idx`);
      await q.query(
        `CREATE INDEX constituent_${column}_trgm_idx ON constituent
           USING gin (${column}_key gin_trgm_ops) ${LIVE}`,
      );
    }
  }
}
