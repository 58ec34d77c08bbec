import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool, QueryConfig, QueryResult, QueryResultRow } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions.js';
import { insideTransaction } from './open-transactions';

export const SYSTEM_DATA_SOURCE = 'system';

/** What a session of its own connects with: the system pool's URL and session settings. */
export interface SessionSettings {
  connectionString: string;
  /** The `-c` options every session of the system pool starts with (its role among them). */
  options?: string;
}

/**
 * Queries as the system role, which row-level security lets see every organization: for finding
 * the organization first (login, refresh and invitation tokens, provider webhooks), for jobs that
 * pick which organizations have work, and for searches PostgreSQL can only run through their index
 * without a policy in the way. Every such query must still name its organization where it has one.
 * Injecting this class is the only way past row-level security: grep for it.
 */
@Injectable()
export class SystemDatabase {
  constructor(@InjectDataSource(SYSTEM_DATA_SOURCE) private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => insideTransaction(() => work(manager)));
  }

  /**
   * One statement on the system pool in node-postgres's own terms (a named prepared statement in,
   * `rows` and `rowCount` out), for stores written against `pg` (RateLimitStore). Not a way around
   * `manager` for anything else.
   */
  query<R extends QueryResultRow = QueryResultRow>(
    statement: QueryConfig,
  ): Promise<QueryResult<R>> {
    return this.pool().query<R>(statement);
  }

  /**
   * The URL and session settings of the system pool, for the one connection that cannot be pooled:
   * NotifiedCache's LISTEN session (notifications go to the session that listens).
   */
  sessionSettings(): SessionSettings {
    const { url, extra } = this.dataSource.options as PostgresDataSourceOptions & {
      extra?: { options?: string };
    };
    if (!url) throw new Error('The system data source has no URL');
    return { connectionString: url, options: extra?.options };
  }

  private pool(): Pool {
    return (this.dataSource.driver as PostgresDriver).master as Pool;
  }
}
