import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every committed change to an organization or one of its partners is announced on the
 * `organization_changed` channel with the organization's id, so each API process can drop its
 * cached copy (OrganizationCache) at once.
 */
export class OrganizationChangeNotifications1763800015500 implements MigrationInterface {
  name = 'OrganizationChangeNotifications1763800015500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION notify_organization_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM pg_notify('organization_changed', OLD.id::text);
          RETURN NULL;
        END $$`);
    await q.query(`
      CREATE TRIGGER organization_changed AFTER UPDATE OR DELETE ON organization
        FOR EACH ROW EXECUTE FUNCTION notify_organization_changed()`);
    await q.query(`
      CREATE FUNCTION notify_partner_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'DELETE' THEN
            PERFORM pg_notify('organization_changed', OLD.organization_id::text);
          ELSE
            PERFORM pg_notify('organization_changed', NEW.organization_id::text);
          END IF;
          RETURN NULL;
        END $$`);
    await q.query(`
      CREATE TRIGGER partner_changed AFTER INSERT OR UPDATE OR DELETE ON partner
        FOR EACH ROW EXECUTE FUNCTION notify_partner_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER partner_changed ON partner`);
    await q.query(`DROP FUNCTION notify_partner_changed()`);
    await q.query(`DROP TRIGGER organization_changed ON organization`);
    await q.query(`DROP FUNCTION notify_organization_changed()`);
  }
}
