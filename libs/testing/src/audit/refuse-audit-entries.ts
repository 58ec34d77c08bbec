import type { TestApp } from '../test-app';

/**
 * Makes every audit entry of the organization fail to be written from now on (a trigger the
 * tables' owner adds), as a full disk or a broken log would.
 */
export async function refuseAuditEntries(api: TestApp, organizationId: string): Promise<void> {
  const name = `refuse_audit_${organizationId.replace(/-/g, '')}`;
  await api.ownerQuery(`
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.organization_id = '${organizationId}' THEN
        RAISE EXCEPTION 'audit log unavailable';
      END IF;
      RETURN NEW;
    END $$`);
  await api.ownerQuery(
    `CREATE TRIGGER ${name} BEFORE INSERT ON audit_event FOR EACH ROW EXECUTE FUNCTION ${name}()`,
  );
}
