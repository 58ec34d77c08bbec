import type { AccessProfile, MemberRole } from '@assist/contracts';
import type { NeedVisibility } from '@app/database';
import { DomainError } from '@app/http';
import { can, type AuthContext } from './auth-context';
import { Permission, PROFILE_PERMISSIONS } from '@assist/contracts';

/**
 * Row scope checks and filters, derived from the caller's ROLE_ROW_SCOPE (row-scope.ts). A
 * partner-bound member with a partner acts within it; others act within the whole organization.
 */
export function partnerScope(auth: AuthContext): string | null {
  return auth.rowScope.partnerBound ? auth.partnerId : null;
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

/** Partners: a partner_admin changes only its own partner, never which one is default (403). */
export function assertMayChangePartner(
  auth: AuthContext,
  partnerId: string,
  changesDefault: boolean,
): void {
  if (!auth.rowScope.partnerBound) return;
  if (partnerId !== auth.partnerId) {
    throw DomainError.forbidden('A partner admin may change only its own partner');
  }
  if (changesDefault) {
    throw DomainError.forbidden('Only an org admin may change the default partner');
  }
}

const PARTNER_MANAGED_ROLES: readonly MemberRole[] = ['staff', 'volunteer'];

/** Members: a partner_admin manages only staff and volunteers of its own partner (403). */
export function assertMayManageMember(
  auth: AuthContext,
  member: { role: MemberRole; partnerId: string | null },
): void {
  if (!auth.rowScope.partnerBound) return;
  if (!PARTNER_MANAGED_ROLES.includes(member.role) || member.partnerId !== auth.partnerId) {
    throw DomainError.forbidden(
      'A partner admin manages only staff and volunteers of its own partner',
    );
  }
}

/** Members: nobody grants an access profile carrying a permission they lack themselves (403). */
export function assertMayGrantProfiles(
  auth: AuthContext,
  profiles: readonly AccessProfile[],
): void {
  const beyond = profiles.filter(
    (profile) => !PROFILE_PERMISSIONS[profile].every((permission) => can(auth, permission)),
  );
  if (beyond.length > 0) throw DomainError.forbidden(`You may not grant ${beyond.join(', ')}`);
}

/** The shifts a caller works with: a volunteer their own, a partner_admin its partner's. */
export interface ShiftScope {
  volunteerUserId?: string;
  partnerId?: string;
}

export function shiftScope(auth: AuthContext): ShiftScope {
  if (auth.rowScope.shifts === 'own') return { volunteerUserId: auth.memberId };
  const partnerId = partnerScope(auth);
  return partnerId === null ? {} : { partnerId };
}

function inShiftScope(
  auth: AuthContext,
  shift: { volunteerUserId: string; partnerId: string | null },
): boolean {
  const scope = shiftScope(auth);
  return (
    (scope.volunteerUserId === undefined || scope.volunteerUserId === shift.volunteerUserId) &&
    (scope.partnerId === undefined || scope.partnerId === shift.partnerId)
  );
}

/** Shifts: one outside the caller's scope does not exist for it (404). */
export function assertShiftVisible(
  auth: AuthContext,
  shift: { volunteerUserId: string; partnerId: string | null },
): void {
  if (!inShiftScope(auth, shift)) throw DomainError.notFound('Shift');
}

/** Shifts: scheduling outside the caller's scope is refused (403), whoever the volunteer is. */
export function assertMayScheduleShift(
  auth: AuthContext,
  shift: { volunteerUserId: string; partnerId: string | null },
): void {
  if (!inShiftScope(auth, shift)) {
    throw DomainError.forbidden(
      'Volunteers schedule only themselves, partner admins only at their own partner',
    );
  }
}

/** Needs: those assigned to the caller, those it created, or its partner's (the organization's). */
function needScope(auth: AuthContext): NeedVisibility['scope'] {
  const reach = auth.rowScope.needs;
  if (reach === 'assigned') return { kind: 'assigned-to', memberId: auth.memberId };
  if (reach === 'created') return { kind: 'created-by', memberId: auth.memberId };
  const partnerId = partnerScope(auth);
  return partnerId === null ? { kind: 'organization' } : { kind: 'partner', partnerId };
}

/** Confidential needs: all of them in scope, also the caller's partner's, or its assigned ones only. */
function confidentialNeedsOnlyOf(auth: AuthContext): NeedVisibility['confidentialOnlyOf'] {
  const reach = auth.rowScope.confidentialNeeds;
  if (reach === 'all') return null;
  return { partnerId: reach === 'partner' ? auth.partnerId : null, assigneeId: auth.memberId };
}

/** The needs a caller may see; any other does not exist for it (not listed, 404 by id). */
export function needVisibility(auth: AuthContext): NeedVisibility {
  return { scope: needScope(auth), confidentialOnlyOf: confidentialNeedsOnlyOf(auth) };
}

/**
 * The needs a caller may email or text about: those of its partner (the organization's without
 * one), confidential ones as for reads. Any other does not exist for it (404).
 */
export function needMessagingVisibility(auth: AuthContext): NeedVisibility {
  const partnerId = partnerScope(auth);
  return {
    scope: partnerId === null ? { kind: 'organization' } : { kind: 'partner', partnerId },
    confidentialOnlyOf: confidentialNeedsOnlyOf(auth),
  };
}

/** The organization setting that narrows what members with a partner see of constituents. */
export interface SharingPolicy {
  requireSharingConsent: boolean;
}

/** Whether requireSharingConsent can bind the caller at all: members with a partner. */
export function boundBySharingConsent(auth: AuthContext): boolean {
  return auth.partnerId !== null;
}

/**
 * Whether the caller sees, finds and messages only constituents that currently consent to
 * SHARE_WITH_PARTNERS: a member with a partner, in an organization requiring that consent.
 */
export function needsSharingConsent(auth: AuthContext, policy: SharingPolicy): boolean {
  return policy.requireSharingConsent && boundBySharingConsent(auth);
}

/** Whether a constituent is shared with the caller: consenting, or no consent needed. */
export function isSharedWith(
  auth: AuthContext,
  policy: SharingPolicy,
  sharedWithPartners: boolean,
): boolean {
  return sharedWithPartners || !needsSharingConsent(auth, policy);
}

/**
 * Whether the caller reads a constituent's personal fields (null otherwise): the pii_reader
 * permission, and the constituent shared with the caller (isSharedWith).
 */
export function mayReadPiiOf(
  auth: AuthContext,
  policy: SharingPolicy,
  sharedWithPartners: boolean,
): boolean {
  return can(auth, Permission.PiiRead) && isSharedWith(auth, policy, sharedWithPartners);
}

const VOLUNTEER_NEED_FIELDS: readonly string[] = ['status', 'reason', 'outcome'];

/** Needs: a volunteer moves the status of needs assigned to them and changes nothing else (403). */
export function assertMayChangeNeedFields(auth: AuthContext, fields: readonly string[]): void {
  if (auth.role !== 'volunteer') return;
  const refused = fields.filter((field) => !VOLUNTEER_NEED_FIELDS.includes(field));
  if (refused.length > 0) {
    throw DomainError.forbidden(
      `A volunteer may change only the status of a need, not ${refused.join(', ')}`,
    );
  }
}
