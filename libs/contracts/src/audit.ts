/** Who an audit entry says acted: a member, the service itself (jobs), or an anonymous caller. */
export const AUDIT_ACTOR_TYPES = ['MEMBER', 'SYSTEM', 'PUBLIC'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** Every action the access audit log records (docs/AUDIT.md says when each is written). */
export const AUDIT_ACTIONS = [
  'constituent.read',
  'constituent.search',
  'constituent.create',
  'constituent.update',
  'constituent.merge',
  'constituent.merge_undo',
  'constituent.erase',
  'consent.record',
  'need.read',
  'export.create',
  'export.download',
  'import.create',
  'member.create',
  'member.update',
  'member.deactivate',
  'settings.update',
  'retention.run',
  'auth.login',
  'auth.login_failed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit entry's `subjectId` names. */
export const AUDIT_SUBJECT_TYPES = [
  'constituent',
  'need',
  'member',
  'organization',
  'merge',
  'export',
  'import',
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];
