import { QueryFailedError, type EntityManager } from 'typeorm';

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

/** The unique constraint a failed statement violated (PostgreSQL 23505), else null. */
export function violatedUniqueConstraint(error: unknown): string | null {
  if (!(error instanceof QueryFailedError)) return null;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' ? (driverError.constraint ?? null) : null;
}

/** Whether a failed statement violated an exclusion constraint (PostgreSQL 23P01). */
export function isExclusionViolation(error: unknown): boolean {
  return (
    error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23P01'
  );
}
