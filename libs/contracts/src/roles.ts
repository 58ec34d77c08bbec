export const MEMBER_ROLES = ['org_admin', 'partner_admin', 'staff', 'volunteer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const ACCESS_PROFILES = [
  'needs_processor',
  'intake_staff',
  'sms_communicator',
  'sms_manager',
  'email_phone_communicator',
  'pii_reader',
  'duplicate_resolver',
] as const;
export type AccessProfile = (typeof ACCESS_PROFILES)[number];
