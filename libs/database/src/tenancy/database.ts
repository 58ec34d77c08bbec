import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { APPLICATION_ROLE, SYSTEM_ROLE } from './database-roles';
import { OrganizationTransaction } from './organization-transaction';

export const SYSTEM_DATA_SOURCE = 'system';

/** Where the code running now keeps its data: set per HTTP request, job, or explicit call. */
interface DatabaseScope {
  /** The organization's transaction every query of the scope joins. */
  transaction?: OrganizationTransaction;
  /** Queries run as the system role (cross-organization work). */
  system?: boolean;
}

const scopes = new AsyncLocalStorage<DatabaseScope>();

/**
 * The one way code reaches PostgreSQL. Inside an organization's scope every query joins its
 * transaction (row-level security admits that organization's rows only); inside the system scope
 * queries run as the system role; anywhere else a query is refused before it is sent.
 */
@Injectable()
export class Database {
  constructor(
    @InjectDataSource() private readonly application: DataSource,
    @InjectDataSource(SYSTEM_DATA_SOURCE) private readonly system: DataSource,
  ) {}

  get manager(): EntityManager {
    const scope = scopes.getStore();
    if (scope?.transaction) return scope.transaction.manager;
    return this.systemScoped(scope).manager;
  }

  /**
   * Inside an organization's scope, its transaction: the request is the unit of work, and any
   * failure rolls all of it back. Elsewhere a transaction of the system role.
   */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const scope = scopes.getStore();
    if (scope?.transaction) return work(scope.transaction.manager);
    return this.systemScoped(scope).transaction(work);
  }

  /**
   * Like transaction(), but inside an organization's scope a savepoint: for work that is retried
   * after a failure (a lost race) while the request goes on.
   */
  savepoint<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const scope = scopes.getStore();
    if (scope?.transaction) return scope.transaction.manager.transaction(work);
    return this.systemScoped(scope).transaction(work);
  }

  /**
   * A write that must outlive the scope's transaction (the record of a failed send, whose request
   * then fails): committed at once, on the system role's pool, so it never waits for the scope's own
   * connection. It must name its organization itself.
   */
  outsideTransaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return work(this.system.manager);
  }

  /**
   * For a search PostgreSQL cannot run through its index under row-level security: it applies the
   * policy before any operator that is not LEAKPROOF, and pg_trgm similarity and citext equality are
   * not, so it would scan the organization's every row. `work` runs as the system role (on the
   * scope's own connection), must name its organization, and should return ids only: the caller
   * reads the rows by id through its scope, where row-level security still stands between it and
   * other organizations.
   */
  async indexedSearch<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const scope = scopes.getStore();
    if (!scope?.transaction) return this.transaction(work);
    const manager = scope.transaction.manager;
    await manager.query(`SET LOCAL ROLE ${SYSTEM_ROLE}`);
    try {
      return await work(manager);
    } finally {
      // After a failed statement the transaction is aborted: it can only roll back, and the role
      // goes with it.
      await manager.query(`SET LOCAL ROLE ${APPLICATION_ROLE}`).catch(() => undefined);
    }
  }

  /**
   * Runs `work` as the system role: for finding the organization first (login, token and webhook
   * lookups) and for background jobs. Every query it makes must still name its organization.
   */
  asSystem<T>(work: () => Promise<T>): Promise<T> {
    return scopes.run({ system: true }, work);
  }

  /** Runs `work` in one transaction of the organization: committed when it returns, else rolled back. */
  inOrganization<T>(organizationId: string, work: () => Promise<T>): Promise<T> {
    return scopes.run({}, () => this.settleRequest(organizationId, work));
  }

  /** Runs `handle` in a new, empty scope: one per HTTP request. */
  runInNewScope<T>(handle: () => T): T {
    return scopes.run({}, handle);
  }

  /**
   * Runs a request's handler in the current scope: in its organization's transaction when it has
   * one (an access token's). The transaction commits when the handler succeeds and rolls back when
   * it fails, only once the handler is done with it; a handler that enters an organization itself
   * (public intake) is settled the same way.
   */
  async settleRequest<T>(organizationId: string | undefined, handle: () => Promise<T>): Promise<T> {
    const scope = scopes.getStore();
    if (!scope) throw new Error('settleRequest needs a request scope');
    try {
      if (organizationId) await this.enterOrganization(organizationId);
      const result = await handle();
      await scope.transaction?.commit();
      return result;
    } finally {
      await scope.transaction?.close();
    }
  }

  /** Opens the organization's transaction for the rest of the request (see settleRequest). */
  async enterOrganization(organizationId: string): Promise<void> {
    const scope = scopes.getStore();
    if (!scope || scope.system) throw new Error('enterOrganization needs a request scope');
    if (scope.transaction) {
      if (scope.transaction.organizationId === organizationId) return;
      throw new Error('This scope is already in another organization');
    }
    scope.transaction = await OrganizationTransaction.open(this.application, organizationId);
  }

  /** Code that names no organization and did not ask for the system role is a mistake: said at once. */
  private systemScoped(scope: DatabaseScope | undefined): DataSource {
    if (scope?.system) return this.system;
    throw new Error(
      'No organization in this scope: query inside an authenticated request, db.inOrganization() or db.asSystem()',
    );
  }
}
