import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export const SYSTEM_DATA_SOURCE = 'system';

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
    return this.dataSource.transaction(work);
  }
}
