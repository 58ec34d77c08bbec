import {
  QueryFailedError,
  type EntityManager,
  type EntityTarget,
  type ObjectLiteral,
} from 'typeorm';

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

/**
 * Locks an organization's rows of one tenant table FOR UPDATE in id order: a stable order, so
 * concurrent transactions locking overlapping sets cannot deadlock on them.
 */
export function lockInIdOrder<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  organizationId: string,
  ids: string[],
): Promise<T[]> {
  return manager
    .createQueryBuilder(entity, 'row')
    .where('row.organization_id = :organizationId AND row.id IN (:...ids)', { organizationId, ids })
    .orderBy('row.id')
    .setLock('pessimistic_write')
    .getMany();
}
