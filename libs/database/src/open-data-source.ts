import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options';

/**
 * A DataSource of its own, connected and ready, for work that runs outside the application's
 * modules and so has no TenantContext or SystemDatabase: migrations (runMigrations), the CLI, and
 * the demo organization created at start-up. `options` as for dataSourceOptions (the role, the pool
 * size). The caller destroys it when done. The one place that constructs a DataSource
 * (eslint.config.mjs); the application's two pools are DatabaseModule.forRoot's.
 */
export function openDataSource(
  url: string,
  options: Parameters<typeof dataSourceOptions>[1] = {},
): Promise<DataSource> {
  return new DataSource(dataSourceOptions(url, options)).initialize();
}
