import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every committed change to a member row is announced on the `member_changed` channel with the
 * member's id, so each API process can drop its cached copy (MemberCache) at once.
 */
export class MemberChangeNotifications1763800008000 implements MigrationInterface {
  name = 'MemberChangeNotifications1763800008000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION notify_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM pg_notify('member_changed', OLD.id::text);
          RETURN NULL;
        END $$`);
    await q.query(`
      CREATE TRIGGER member_changed AFTER UPDATE OR DELETE ON member
        FOR EACH ROW EXECUTE FUNCTION notify_member_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER member_changed ON member`);
    await q.query(`DROP FUNCTION notify_member_changed()`);
  }
}
