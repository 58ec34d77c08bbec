import type { EntityManager } from 'typeorm';

/**
 * Runs an UPDATE or DELETE ... RETURNING and gives back the returned rows (TypeORM's postgres driver
 * answers such statements with [rows, rowCount]).
 */
export async function updateReturning<T>(
  manager: EntityManager,
  sql: string,
  parameters: unknown[],
): Promise<T[]> {
  const [rows] = (await manager.query(sql, parameters)) as [T[], number];
  return rows;
}
