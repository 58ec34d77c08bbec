import { createHash } from 'node:crypto';
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

/** Statement names by text; the texts are the code's own (a few per query shape), never input. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `assist_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs a hot statement as a named prepared statement: each pooled connection parses it once, and
 * after a few executions PostgreSQL reuses one generic plan instead of planning every call
 * (node-postgres remembers which connection prepared which name). On a short query that is most of
 * the server's work. `text` must be one of the code's constant shapes, with every value in
 * `parameters`. Errors are TypeORM's, as with `manager.query`.
 */
export function queryPrepared<T = unknown>(
  manager: EntityManager,
  text: string,
  parameters: unknown[],
): Promise<T> {
  // TypeORM hands its query argument to node-postgres as it is, which takes a { name, text }.
  const statement = { name: statementName(text), text } as unknown as string;
  return manager.query(statement, parameters) as Promise<T>;
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
