import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditActor } from './audit-event';

/** Who sent the running request and from where: what an audit entry records by default. */
export interface RequestOrigin {
  actor: AuditActor;
  requestId: string | null;
  clientIp: string | null;
}

/** Work outside any request (jobs, the CLI) acts as the service itself. */
const SYSTEM_ORIGIN: RequestOrigin = {
  actor: { type: 'SYSTEM', id: null },
  requestId: null,
  clientIp: null,
};

const origins = new AsyncLocalStorage<RequestOrigin>();

/** Runs work (a request's handler) with its origin, which `currentRequestOrigin()` then answers. */
export function runWithRequestOrigin<T>(origin: RequestOrigin, work: () => T): T {
  return origins.run(origin, work);
}

/** The running request's origin; the system's outside a request. */
export function currentRequestOrigin(): RequestOrigin {
  return origins.getStore() ?? SYSTEM_ORIGIN;
}
