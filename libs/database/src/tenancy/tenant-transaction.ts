import type { EntityManager } from 'typeorm';

declare const tenantTransactionBrand: unique symbol;

/**
 * Proof of an open `tenant.transaction()`: the unit of work receives one, and only TenantContext
 * makes them. A method that must run inside a transaction (a row or advisory lock held until the
 * commit, a counter a refusal must roll back, a job enqueued with its rows) takes it as a
 * parameter, so calling it outside one does not compile. Ordinary statements keep using
 * `tenant.manager`, which joins the open transaction.
 */
export interface TenantTransaction {
  /** The transaction's manager (the same one `tenant.manager` returns inside it). */
  readonly manager: EntityManager;
  readonly [tenantTransactionBrand]: true;
}
