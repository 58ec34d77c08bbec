import { DynamicModule, Module, Provider } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEventRepository } from './audit/audit-event.repository';
import { AuditLog } from './audit/audit-log';
import { dataSourceOptions } from './data-source-options';
import { MemberCache } from './member/member-cache';
import { OrganizationCache } from './organization/organization-cache';
import { RateLimitStore } from './rate-limit/rate-limit-store';
import { APPLICATION_ROLE, SYSTEM_ROLE } from './tenancy/database-roles';
import { SYSTEM_DATA_SOURCE, SystemDatabase } from './tenancy/system-database';
import { TenantContext } from './tenancy/tenant-context';

const SHARED = [
  TenantContext,
  SystemDatabase,
  MemberCache,
  OrganizationCache,
  RateLimitStore,
  AuditEventRepository,
  AuditLog,
];

/**
 * The application's two doors to PostgreSQL (TenantContext, SystemDatabase), the caches of members
 * (every request's guard) and organizations (every intake), the shared rate limit counters and the
 * access audit log, which every feature writes: one instance each for the whole application.
 */
@Module({ providers: SHARED, exports: SHARED })
class DatabaseAccessModule {}

/**
 * `forRoot(url)` once, in the application module: the application role's pool (requests and jobs,
 * under row-level security) and the system role's. `forFeature([...])` in each module that queries:
 * the repositories it uses, plus TenantContext, SystemDatabase and AuditLog.
 */
@Module({})
export class DatabaseModule {
  static forRoot(url: string): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot(dataSourceOptions(url, { role: APPLICATION_ROLE })),
        TypeOrmModule.forRoot({
          name: SYSTEM_DATA_SOURCE,
          ...dataSourceOptions(url, { role: SYSTEM_ROLE, poolSize: 10 }),
        }),
      ],
    };
  }

  static forFeature(repositories: Provider[] = []): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [DatabaseAccessModule],
      providers: repositories,
      exports: [DatabaseAccessModule, ...repositories],
    };
  }
}
