import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from 'typeorm';
import type { OrganizationId } from './organization-id';

/** The organization the running code works for, and its open transaction, if any. */
export interface TenantScope {
  organizationId: OrganizationId;
  /** The manager of the innermost open transaction; undefined between transactions. */
  transaction?: EntityManager;
}

/** Set by TenantContext.run() for a request or a job, read by the application pool on checkout. */
export const tenantScopes = new AsyncLocalStorage<TenantScope>();

/**
 * For code about to call an outside service (SMTP, a provider's HTTP API, a webhook receiver): a
 * transaction held across that call would hold its pooled connection for as long as the provider
 * takes, and one organization's slow provider would then stall every other organization.
 */
export function assertNoOpenTransaction(call: string): void {
  if (tenantScopes.getStore()?.transaction) {
    throw new Error(`${call} inside a database transaction: commit first, then call out`);
  }
}
