import { MigrationInterface, QueryRunner } from 'typeorm';
import { APPLICATION_ROLE, ORGANIZATION_SETTING, SYSTEM_ROLE } from '../tenancy/database-roles';

/** Nicknames added to the table with this migration, and the name each stands for in alias keys. */
// prettier-ignore
const NEW_NICKNAMES: Record<string, string> = {
  sasha: 'alexander', shura: 'alexander', pepito: 'jose', tono: 'antonio', tonio: 'antonio',
  kiko: 'francisco', curro: 'francisco', lolita: 'dolores', chucho: 'jesus', manolo: 'manuel',
  memo: 'guillermo', guille: 'guillermo', nacho: 'ignacio', nando: 'fernando', rafa: 'rafael',
  goyo: 'gregorio', chente: 'vicente', lencho: 'lorenzo', chayo: 'rosario', charo: 'rosario',
  chelo: 'consuelo', concha: 'concepcion', conchita: 'concepcion', meche: 'mercedes',
  chela: 'graciela', cuca: 'refugio', cuco: 'refugio', lucho: 'luis', misha: 'mikhail',
  dmitry: 'dmitri', dima: 'dmitri', kolya: 'nikolai', vanya: 'ivan', volodya: 'vladimir',
  vova: 'vladimir', evgeny: 'yevgeny', zhenya: 'yevgeny', sveta: 'svetlana',
  ekaterina: 'yekaterina', katya: 'yekaterina', natalya: 'natalia', natasha: 'natalia',
  tatyana: 'tatiana', tanya: 'tatiana', olya: 'olga',
};

/**
 * Shared contact points: an organization's addresses, phones and emails given by many unrelated
 * people (a shelter, an agency's phone, a caseworker's mailbox), detected or marked by an admin;
 * the shared points a match's reasons rest on; an index for mistyped emails of one name; alias
 * keys recomputed for the nicknames added to the table.
 */
export class SharedContactPoints1763800014000 implements MigrationInterface {
  name = 'SharedContactPoints1763800014000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE shared_contact (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('PHONE', 'EMAIL', 'ADDRESS')),
        key text NOT NULL,
        phone text,
        email citext,
        address_street text,
        address_zip text,
        shared boolean NOT NULL,
        source text NOT NULL CHECK (source IN ('MARKED', 'DETECTED')),
        label text,
        marked_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, kind, key)
      )`);
    await q.query(
      `CREATE INDEX shared_contact_recent_idx ON shared_contact (organization_id, created_at DESC, id DESC)`,
    );
    const own = `organization_id = nullif(current_setting('${ORGANIZATION_SETTING}', true), '')::uuid`;
    await q.query(`ALTER TABLE shared_contact ENABLE ROW LEVEL SECURITY`);
    await q.query(`ALTER TABLE shared_contact FORCE ROW LEVEL SECURITY`);
    await q.query(
      `CREATE POLICY tenant_isolation ON shared_contact TO ${APPLICATION_ROLE} USING (${own}) WITH CHECK (${own})`,
    );
    await q.query(
      `CREATE POLICY system_access ON shared_contact TO ${SYSTEM_ROLE} USING (true) WITH CHECK (true)`,
    );
    await q.query(
      `ALTER TABLE household_match ADD COLUMN shared_reasons text[] NOT NULL DEFAULT '{}'`,
    );
    await q.query(
      `CREATE INDEX constituent_alias_email_idx ON constituent (organization_id, alias_key)
        WHERE merged_into_id IS NULL AND email IS NOT NULL`,
    );
    await q.query(
      `UPDATE constituent c
          SET alias_key = (
            SELECT string_agg(coalesce(n.canonical, w.word), ' ' ORDER BY w.position)
              FROM unnest(string_to_array(c.alias_key, ' ')) WITH ORDINALITY AS w (word, position)
              LEFT JOIN jsonb_each_text($1::jsonb) AS n (nickname, canonical) ON n.nickname = w.word)
        WHERE string_to_array(c.alias_key, ' ') && (SELECT array_agg(k) FROM jsonb_object_keys($1::jsonb) k)`,
      [JSON.stringify(NEW_NICKNAMES)],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX constituent_alias_email_idx`);
    await q.query(`ALTER TABLE household_match DROP COLUMN shared_reasons`);
    await q.query(`DROP TABLE shared_contact`);
  }
}
