import type { ProblemCode } from '@assist/contracts';

interface ProblemKind {
  status: number;
  title: string;
}

/** The one map from a domain problem code to its HTTP status and title. */
export const PROBLEM_CATALOG: Record<ProblemCode, ProblemKind> = {
  'validation-error': { status: 400, title: 'Your request is not valid' },
  'invalid-credentials': { status: 401, title: 'Invalid credentials' },
  'organization-required': { status: 400, title: 'Organization required' },
  'invalid-refresh-token': { status: 401, title: 'Invalid refresh token' },
  'invalid-invitation': { status: 400, title: 'Invalid invitation' },
  'not-found': { status: 404, title: 'Not Found' },
  forbidden: { status: 403, title: 'Forbidden' },
  conflict: { status: 409, title: 'Conflict' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  'recipient-opted-out': { status: 409, title: 'Recipient opted out of SMS' },
  'no-recipient-contact': { status: 400, title: 'No recipient contact' },
  'sms-daily-cap-reached': { status: 429, title: 'Daily SMS cap reached' },
  'sms-monthly-budget-reached': { status: 429, title: 'Monthly SMS budget reached' },
  'invalid-status-transition': { status: 409, title: 'Invalid status transition' },
  'match-already-resolved': { status: 409, title: 'Match already resolved' },
  'email-send-failed': { status: 400, title: 'Email could not be sent' },
  'idempotency-key-reused': { status: 422, title: 'Idempotency key reused with another request' },
  'idempotency-key-in-use': { status: 409, title: 'Request with this idempotency key in progress' },
  'sms-not-configured': { status: 400, title: 'SMS sending is not set up' },
  'sms-not-ready': { status: 409, title: 'SMS sending is not ready' },
  'provisioning-unavailable': { status: 409, title: 'Telephony provisioning is not available' },
  'provisioning-in-progress': { status: 409, title: 'Telephony provisioning is in progress' },
  'provisioning-managed': { status: 409, title: 'Managed by telephony provisioning' },
  'survey-already-submitted': { status: 409, title: 'Survey already submitted' },
  'subscription-limit': { status: 409, title: 'Event subscription limit reached' },
  'server-busy': { status: 503, title: 'Too busy to answer now' },
  'consent-required': { status: 409, title: 'The constituent has not consented to this' },
  'audit-unavailable': { status: 503, title: 'Access could not be recorded' },
  'merge-undo-conflict': { status: 409, title: 'Merge cannot be undone' },
  'merge-already-undone': { status: 409, title: 'Merge already undone' },
  'constituent-erased': { status: 409, title: 'Constituent erased' },
};
