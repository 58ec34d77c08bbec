/** The outbound event kinds a subscription may ask for, and what each one's `data` carries. */
export const EVENT_TYPES = [
  'need.created',
  'need.status_changed',
  'need.rerouted',
  'need.escalated',
  'need.assigned',
  'interaction.created',
  'interaction.status_changed',
  'constituent.merged',
  'constituent.opted_out',
  'constituent.opted_in',
  'household_match.created',
  'provisioning.updated',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** Ids, statuses and times only, never personal data. */
export type EventData = Record<string, string | number | boolean | null>;
