/** Domain problem codes; each becomes the problem-details `type` `/problems/<code>`. */
export const PROBLEM_CODES = [
  'validation-error',
  'invalid-credentials',
  'organization-required',
  'invalid-refresh-token',
  'invalid-invitation',
  'not-found',
  'forbidden',
  'conflict',
  'rate-limited',
  'recipient-opted-out',
  'no-recipient-contact',
  'sms-daily-cap-reached',
  'sms-monthly-budget-reached',
  'invalid-status-transition',
  'match-already-resolved',
  'email-send-failed',
  'idempotency-key-reused',
  'idempotency-key-in-use',
  'sms-not-configured',
  'sms-not-ready',
  'provisioning-unavailable',
  'provisioning-in-progress',
  'provisioning-managed',
  'survey-already-submitted',
  'subscription-limit',
  'server-busy',
  'consent-required',
  'audit-unavailable',
  'merge-undo-conflict',
  'merge-already-undone',
  'constituent-erased',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export interface FieldError {
  field: string;
  message: string;
}

/** RFC 9457 problem details as this API returns them. */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  retry_after?: number;
  errors?: FieldError[];
  /** consent-required: the consent purpose the request needs. */
  purpose?: string;
}
