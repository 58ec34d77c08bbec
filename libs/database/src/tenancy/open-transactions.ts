import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whether the running code is inside a database transaction, whichever door opened it
 * (`TenantContext.transaction` or `SystemDatabase.transaction`). Kept apart from the tenant scope
 * so that entering another organization inside a transaction (`tenant.run`) does not hide it.
 */
const openTransactions = new AsyncLocalStorage<true>();

/** Runs `work` marked as inside a transaction; the two transaction doors call it. */
export function insideTransaction<T>(work: () => Promise<T>): Promise<T> {
  return openTransactions.run(true, work);
}

/**
 * For code about to call an outside service (SMTP, a provider's HTTP API, a webhook receiver): a
 * transaction held across that call would hold its pooled connection for as long as the provider
 * takes, and one organization's slow provider would then stall every other organization.
 */
export function assertNoOpenTransaction(call: string): void {
  if (openTransactions.getStore()) {
    throw new Error(`${call} inside a database transaction: commit first, then call out`);
  }
}
