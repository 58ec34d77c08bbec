import type { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/**
 * Session settings of every connection. `random_page_cost` 1.1 (PostgreSQL's default of 4 assumes
 * spinning disks) prices an index scan in index order near what it costs on SSDs: a page of an
 * organization's newest needs then reads 51 rows through the index even before the table's
 * statistics know the organization, instead of fetching and sorting all of its rows.
 */
const SESSION_SETTINGS = '-c random_page_cost=1.1';

/**
 * `role`: the role every session of the pool works as (SET ROLE at connection start, see
 * tenancy/database-roles.ts); without one, the connecting user's own (migrations only).
 */
export function dataSourceOptions(
  url: string,
  options: { role?: string; poolSize?: number } = {},
): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
    synchronize: false,
    uuidExtension: 'pgcrypto',
    extra: {
      max: options.poolSize ?? 20,
      options: options.role ? `${SESSION_SETTINGS} -c role=${options.role}` : SESSION_SETTINGS,
    },
    // An unreachable server (or a pool busy this long) fails the request (503) instead of hanging it.
    connectTimeoutMS: 10_000,
  };
}
