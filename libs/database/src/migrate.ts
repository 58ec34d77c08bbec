import { openDataSource } from './open-data-source';

/** Applies pending migrations; returns the names applied. */
export async function runMigrations(url: string): Promise<string[]> {
  const dataSource = await openDataSource(url);
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}
