/** Registration status of a messaging-campaign brand or campaign. */
export const REGISTRATION_STATUSES = ['unregistered', 'pending', 'verified', 'failed'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const PHONE_STATUSES = ['unassigned', 'reserved', 'ordered', 'assigned', 'failed'] as const;
export type PhoneStatus = (typeof PHONE_STATUSES)[number];

export const PROFILE_STATUSES = ['unconfigured', 'active', 'failed'] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];
