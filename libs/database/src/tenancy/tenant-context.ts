import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { OrganizationId } from './organization-id';
import { insideTransaction } from './open-transactions';
import { scopeConnectionsToTenant } from './organization-connections';
import { tenantScopes } from './tenant-scope';
import type { TenantTransaction } from './tenant-transaction';

/** Makes the handle a unit of work receives; TenantContext is the only caller. */
function openedTransaction(manager: EntityManager): TenantTransaction {
  return { manager } as TenantTransaction;
}

/**
 * The organization the running request or job works for, and the one way to its data. Every
 * query runs as the application role, and row-level security admits that organization's rows only.
 *
 * - `run(organizationId, work)` enters an organization: requests enter it in an interceptor (the
 *   token's, or the body field a public route names), jobs for each organization they work on.
 *   Entering costs nothing; a connection is taken from the pool only for a query.
 * - `manager` is what repositories query with: the open transaction's, else one connection per
 *   statement (autocommit), given back at once.
 * - `transaction(work)` is the unit of work: everything `work` does through `manager` commits
 *   together or not at all; nested, it is a savepoint. `work` receives a `TenantTransaction`, which
 *   it passes to the methods that must run inside one. Never call an outside service inside one.
 */
@Injectable()
export class TenantContext {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    scopeConnectionsToTenant(dataSource);
  }

  run<T>(organizationId: OrganizationId, work: () => Promise<T>): Promise<T> {
    return tenantScopes.run({ organizationId }, work);
  }

  /** The organization entered; throws outside one. */
  get organizationId(): OrganizationId {
    return this.scope().organizationId;
  }

  get manager(): EntityManager {
    return this.scope().transaction ?? this.dataSource.manager;
  }

  /** Whether an organization is entered (a public route's body may name none). */
  get entered(): boolean {
    return tenantScopes.getStore() !== undefined;
  }

  transaction<T>(work: (tx: TenantTransaction) => Promise<T>): Promise<T> {
    const scope = this.scope();
    const outer = scope.transaction ?? this.dataSource.manager;
    return outer.transaction((transaction) =>
      tenantScopes.run({ ...scope, transaction }, () =>
        insideTransaction(() => work(openedTransaction(transaction))),
      ),
    );
  }

  private scope() {
    const scope = tenantScopes.getStore();
    if (!scope) {
      throw new Error(
        'No organization entered: use tenant.run(), or SystemDatabase for cross-organization work',
      );
    }
    return scope;
  }
}
