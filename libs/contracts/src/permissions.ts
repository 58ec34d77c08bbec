import type { AccessProfile, MemberRole } from './roles';

/** What an endpoint requires. Row scope (own partner, own shifts, assigned needs) is applied on top. */
export enum Permission {
  ConstituentRead = 'constituent:read',
  ConstituentWrite = 'constituent:write',
  ConstituentOptOut = 'constituent:opt-out',
  ConstituentMerge = 'constituent:merge',
  PiiRead = 'pii:read',
  NeedCreate = 'need:create',
  NeedRead = 'need:read',
  NeedUpdate = 'need:update',
  NeedEmail = 'need:email',
  NeedSms = 'need:sms',
  PartnerRead = 'partner:read',
  PartnerCreate = 'partner:create',
  PartnerUpdate = 'partner:update',
  MemberManage = 'member:manage',
  SettingsRead = 'settings:read',
  SettingsUpdate = 'settings:update',
  EmailSettingsManage = 'email-settings:manage',
  WebhookManage = 'webhook:manage',
  ShiftManage = 'shift:manage',
  TelephonyRead = 'telephony:read',
  SurveyReport = 'survey:report',
  AuditRead = 'audit:read',
  ConstituentErase = 'constituent:erase',
}

const ALL = Object.values(Permission);

/** Permissions by role: docs/PERMISSIONS.md is generated from these maps (npm run docs:generate). */
export const ROLE_PERMISSIONS: Record<MemberRole, readonly Permission[]> = {
  org_admin: ALL,
  partner_admin: [
    Permission.ConstituentRead,
    Permission.ConstituentWrite,
    Permission.ConstituentOptOut,
    Permission.PiiRead,
    Permission.NeedCreate,
    Permission.NeedRead,
    Permission.NeedUpdate,
    Permission.NeedEmail,
    Permission.NeedSms,
    Permission.PartnerRead,
    Permission.PartnerUpdate,
    Permission.MemberManage,
    Permission.ShiftManage,
    Permission.SurveyReport,
  ],
  staff: [Permission.PartnerRead],
  volunteer: [
    Permission.PartnerRead,
    Permission.NeedRead,
    Permission.NeedUpdate,
    Permission.ShiftManage,
  ],
};

/** Permissions by access profile, added to the role's (docs/PERMISSIONS.md). */
export const PROFILE_PERMISSIONS: Record<AccessProfile, readonly Permission[]> = {
  needs_processor: [Permission.ConstituentRead, Permission.NeedRead, Permission.NeedUpdate],
  intake_staff: [
    Permission.ConstituentRead,
    Permission.ConstituentWrite,
    Permission.NeedCreate,
    Permission.NeedRead,
  ],
  sms_communicator: [Permission.ConstituentOptOut, Permission.NeedSms],
  sms_manager: [Permission.ConstituentOptOut, Permission.SettingsRead, Permission.TelephonyRead],
  email_phone_communicator: [Permission.NeedEmail],
  pii_reader: [Permission.ConstituentRead, Permission.PiiRead],
  duplicate_resolver: [Permission.ConstituentRead, Permission.ConstituentMerge],
};

export function permissionsOf(
  role: MemberRole,
  profiles: readonly AccessProfile[],
): Set<Permission> {
  return new Set([...ROLE_PERMISSIONS[role], ...profiles.flatMap((p) => PROFILE_PERMISSIONS[p])]);
}
