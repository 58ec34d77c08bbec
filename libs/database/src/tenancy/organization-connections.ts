import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import { ORGANIZATION_SETTING } from './database-roles';
import { tenantScopes } from './tenant-scope';

type Checkout = [
  client: object & { query(text: string, values: unknown[]): Promise<unknown> },
  release: (error?: unknown) => void,
];

const SCOPED = Symbol('scoped to tenant');

/** The organization each pooled connection's session names (see scopeConnectionsToTenant). */
const namedOrganization = new WeakMap<object, string>();

/**
 * Makes every checkout from the application pool name the current TenantContext's organization
 * before its first statement, and refuses a checkout outside one. The setting is session-level and
 * made outside any transaction (so no rollback undoes it); a connection that already names the
 * organization is handed out as it is, which saves a round trip on most checkouts.
 */
export function scopeConnectionsToTenant(dataSource: DataSource): void {
  const driver = dataSource.driver as PostgresDriver & { [SCOPED]?: true };
  if (driver[SCOPED]) return;
  driver[SCOPED] = true;
  const obtain = driver.obtainMasterConnection.bind(driver) as () => Promise<Checkout>;
  driver.obtainMasterConnection = async (): Promise<Checkout> => {
    const organizationId = tenantScopes.getStore()?.organizationId;
    if (!organizationId) {
      throw new Error(
        'No organization in this scope: query inside tenant.run() (requests and jobs do), or use SystemDatabase',
      );
    }
    const [client, release] = await obtain();
    if (namedOrganization.get(client) === organizationId) return [client, release];
    try {
      namedOrganization.delete(client);
      await client.query(`SELECT set_config('${ORGANIZATION_SETTING}', $1, false)`, [
        organizationId,
      ]);
      namedOrganization.set(client, organizationId);
      return [client, release];
    } catch (error) {
      release(error);
      throw error;
    }
  };
}
