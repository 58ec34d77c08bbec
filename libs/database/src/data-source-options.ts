import type { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

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
      ...(options.role ? { options: `-c role=${options.role}` } : {}),
    },
    // An unreachable server (or a pool busy this long) fails the request (503) instead of hanging it.
    connectTimeoutMS: 10_000,
  };
}
