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
