import { openDataSource } from './open-data-source';
import { grantApplicationRoles } from './runtime-role';

/**
 * Applies pending migrations as the owner (`ownerUrl`, `DATABASE_OWNER_URL`), then grants the
 * runtime role (`runtimeUrl`, `DATABASE_URL`) the application roles; returns the names applied.
 */
export async function runMigrations(ownerUrl: string, runtimeUrl = ownerUrl): Promise<string[]> {
  const dataSource = await openDataSource(ownerUrl);
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    await grantApplicationRoles(dataSource, runtimeUrl);
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}
