import { MigrationInterface, QueryRunner } from 'typeorm';
import { APPLICATION_ROLE, ORGANIZATION_SETTING, SYSTEM_ROLE } from '../tenancy/database-roles';

/**
 * The demographic survey behind a need's `survey_token` (already unique and indexed on `need`): one
 * response per need, its answers alone (no constituent column: answers are never joined to PII).
 * Totals read a submission-time range of one organization, then the need's partner by primary key.
 */
export class SurveyResponses1763800013000 implements MigrationInterface {
  name = 'SurveyResponses1763800013000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE survey_response (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
        need_id uuid NOT NULL,
        answers jsonb NOT NULL CHECK (jsonb_typeof(answers) = 'object'),
        submitted_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, id),
        UNIQUE (organization_id, need_id),
        FOREIGN KEY (organization_id, need_id) REFERENCES need (organization_id, id) ON DELETE CASCADE
      )`);
    await q.query(
      `CREATE INDEX survey_response_submitted_idx ON survey_response (organization_id, submitted_at)`,
    );
    const own = `organization_id = nullif(current_setting('${ORGANIZATION_SETTING}', true), '')::uuid`;
    await q.query(`ALTER TABLE survey_response ENABLE ROW LEVEL SECURITY`);
    await q.query(`ALTER TABLE survey_response FORCE ROW LEVEL SECURITY`);
    await q.query(
      `CREATE POLICY tenant_isolation ON survey_response TO ${APPLICATION_ROLE} USING (${own}) WITH CHECK (${own})`,
    );
    await q.query(
      `CREATE POLICY system_access ON survey_response TO ${SYSTEM_ROLE} USING (true) WITH CHECK (true)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE survey_response`);
  }
}
