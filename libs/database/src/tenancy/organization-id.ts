import { isUUID } from 'class-validator';

/**
 * An organization's id that came from somewhere trusted: a verified access token, a row the system
 * role found, or a public route's declared body field. Only these enter an organization.
 */
export type OrganizationId = string & { readonly __brand: 'OrganizationId' };

/** Brands a trusted organization id; anything that is not a UUID is refused. */
export function organizationId(value: string): OrganizationId {
  if (!isUUID(value)) throw new Error(`Not an organization id: ${value}`);
  return value as OrganizationId;
}
