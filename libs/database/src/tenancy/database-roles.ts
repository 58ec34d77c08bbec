/**
 * The PostgreSQL roles the application works as (created by the row-level-security migration; the
 * connecting user only needs to be a member of both). Neither owns a table nor bypasses RLS.
 *
 * - `assist_app`: every HTTP request. Row-level security admits a tenant table's rows of the
 *   organization its session names (ORGANIZATION_SETTING), and no others.
 * - `assist_system`: work that must cross organizations or find its organization first: login and
 *   token lookups, provider webhooks, background jobs, the CLI and demo provisioning.
 */
export const APPLICATION_ROLE = 'assist_app';
export const SYSTEM_ROLE = 'assist_system';

/**
 * The session setting RLS policies compare `organization_id` with. organization-connections.ts sets
 * it (`set_config(..., false)`: for the session, not the transaction) on each pooled connection as
 * it is taken for an organization other than the one it last named.
 */
export const ORGANIZATION_SETTING = 'app.organization_id';
