import type { AccessProfile, MemberRole } from '@assist/contracts';

/** The needs a member reads: those assigned to it, those it created, or its partner's (all without one). */
export type NeedReach = 'assigned' | 'created' | 'partner';
/** The confidential needs among them: its assigned ones, also its partner's, or all. */
export type ConfidentialReach = 'assigned' | 'partner' | 'all';
/** The volunteer shifts it works with: its own, or its partner's (all without one). */
export type ShiftReach = 'own' | 'partner';

export interface RowScope {
  /** Confined to its own partner's rows (partners, members, needs, shifts) when it has one. */
  partnerBound: boolean;
  needs: NeedReach;
  confidentialNeeds: ConfidentialReach;
  shifts: ShiftReach;
}

interface RoleRowScope extends RowScope {
  /** What an access profile widens for this role. */
  widenedBy?: Partial<Record<AccessProfile, Partial<RowScope>>>;
}

/**
 * Row scope by role (docs/PERMISSIONS.md), beside ROLE_PERMISSIONS: which rows a permission reaches.
 * Volunteers keep to the needs assigned to them whatever their profiles.
 */
export const ROLE_ROW_SCOPE: Record<MemberRole, RoleRowScope> = {
  org_admin: { partnerBound: false, needs: 'partner', confidentialNeeds: 'all', shifts: 'partner' },
  partner_admin: {
    partnerBound: true,
    needs: 'partner',
    confidentialNeeds: 'partner',
    shifts: 'partner',
    widenedBy: { pii_reader: { confidentialNeeds: 'all' } },
  },
  staff: {
    partnerBound: true,
    needs: 'created',
    confidentialNeeds: 'assigned',
    shifts: 'partner',
    widenedBy: { needs_processor: { needs: 'partner' }, pii_reader: { confidentialNeeds: 'all' } },
  },
  volunteer: {
    partnerBound: true,
    needs: 'assigned',
    confidentialNeeds: 'assigned',
    shifts: 'own',
    widenedBy: { pii_reader: { confidentialNeeds: 'all' } },
  },
};

/** A member's row scope: its role's, widened by its profiles. */
export function rowScopeOf(role: MemberRole, profiles: readonly AccessProfile[]): RowScope {
  const { widenedBy = {}, ...scope } = ROLE_ROW_SCOPE[role];
  return Object.assign(scope, ...profiles.map((profile) => widenedBy[profile] ?? {}));
}
