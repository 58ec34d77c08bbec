import type { AccessProfile, MemberRole } from '@assist/contracts';
import type { OrganizationId } from '@app/database';
import type { Permission } from '@assist/contracts';
import type { RowScope } from './row-scope';

/** Who is calling, taken only from the verified token and the member's current row. */
export interface AuthContext {
  memberId: string;
  organizationId: OrganizationId;
  role: MemberRole;
  profiles: AccessProfile[];
  partnerId: string | null;
  permissions: ReadonlySet<Permission>;
  /** Which rows those permissions reach (ROLE_ROW_SCOPE). */
  rowScope: RowScope;
}

export function can(auth: AuthContext, permission: Permission): boolean {
  return auth.permissions.has(permission);
}
