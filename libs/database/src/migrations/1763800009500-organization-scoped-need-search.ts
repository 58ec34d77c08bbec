import { MigrationInterface, QueryRunner } from 'typeorm';

const DOCUMENT = `to_tsvector('simple', description)`;

/**
 * The needs list's text search index keyed by organization first (btree_gin), as the name search
 * indexes are: a search reads its own organization's entries only. Searches run as the system role
 * (NeedRepository), since under row-level security `@@` could not use any index.
 */
export class OrganizationScopedNeedSearch1763800009500 implements MigrationInterface {
  name = 'OrganizationScopedNeedSearch1763800009500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX need_description_search_idx`);
    await q.query(
      `CREATE INDEX need_description_search_idx ON need USING gin (organization_id, ${DOCUMENT})`,
    );
    // The planner estimates matches from the expression's statistics, gathered by ANALYZE only.
    await q.query(`ANALYZE need`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX need_description_search_idx`);
    await q.query(`CREATE INDEX need_description_search_idx ON need USING gin (${DOCUMENT})`);
  }
}
