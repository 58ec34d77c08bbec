import type { DataSource } from 'typeorm';
import { APPLICATION_ROLE, SYSTEM_ROLE } from './tenancy/database-roles';

/**
 * Grants the runtime role (the user of `DATABASE_URL`) the two application roles, as the owner
 * (the user of `DATABASE_OWNER_URL`) after migrating: that is all it needs, since every session
 * switches to one of them, and they hold the privileges on the tables. Granting again is harmless;
 * when both URLs name one user, the row-level-security migration made it a member already.
 */
export async function grantApplicationRoles(owner: DataSource, runtimeUrl: string): Promise<void> {
  const runtimeUser = decodeURIComponent(new URL(runtimeUrl).username);
  const [{ user }] = (await owner.query(`SELECT current_user AS user`)) as { user: string }[];
  if (!runtimeUser || runtimeUser === user) return;
  const identifier = `"${runtimeUser.replace(/"/g, '""')}"`;
  await owner.query(`GRANT ${APPLICATION_ROLE}, ${SYSTEM_ROLE} TO ${identifier}`);
}
