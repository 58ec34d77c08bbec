import { DomainError } from '@app/http';
import type { AuthContext } from './auth-context';

/**
 * Row scope, in one place (API.md section 3). Members with a partner act within it; org_admin and
 * members without a partner act within the whole organization.
 */
export function partnerScope(auth: AuthContext): string | null {
  return auth.role === 'org_admin' ? null : auth.partnerId;
}

/** A row of another partner is invisible to a partner-scoped member: 404, as for another organization. */
export function assertInPartnerScope(
  auth: AuthContext,
  partnerId: string | null,
  what: string,
): void {
  const scope = partnerScope(auth);
  if (scope !== null && partnerId !== scope) throw DomainError.notFound(what);
}
