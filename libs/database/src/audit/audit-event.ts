import type { AuditAction, AuditActorType, AuditSubjectType } from '@assist/contracts';

/** A value in an entry's `details`: ids, enumerated codes, field names and counts, never PII. */
export type AuditDetailValue =
  | string
  | number
  | boolean
  | null
  | readonly AuditDetailValue[]
  | { readonly [key: string]: AuditDetailValue };

export type AuditDetails = { readonly [key: string]: AuditDetailValue };

/** Who acted: a member (id), the service itself, or an anonymous caller (id null for both). */
export interface AuditActor {
  type: AuditActorType;
  id: string | null;
}

/** An audit entry exactly as the API returns it; its hash covers every other field. */
export interface AuditEvent {
  id: string;
  sequence: number;
  at: string;
  actorType: AuditActorType;
  actorId: string | null;
  action: AuditAction;
  subjectType: AuditSubjectType;
  subjectId: string | null;
  requestId: string | null;
  clientIp: string | null;
  details: AuditDetails;
  hash: string;
}

/** An entry to append: the chain adds its sequence, time, id and hash. */
export type NewAuditEvent = Omit<AuditEvent, 'id' | 'sequence' | 'at' | 'hash'>;
