/**
 * The outbound event kinds a subscription may ask for. Each is emitted by a trigger on the row its
 * change writes (migrations 1763800016000, 1763800016100 and later ones), with ids, statuses and
 * codes only.
 */
export const EVENT_TYPES = [
  'need.created',
  'need.status_changed',
  'need.rerouted',
  'need.escalated',
  'need.assigned',
  'interaction.created',
  'interaction.status_changed',
  'constituent.merged',
  'constituent.unmerged',
  'constituent.opted_out',
  'constituent.opted_in',
  'constituent.consent_changed',
  'constituent.erased',
  'household_match.created',
  'provisioning.updated',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];
