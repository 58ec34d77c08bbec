import type { Db } from 'pg-boss';
import type { EntityManager } from 'typeorm';

/**
 * pg-boss's `db` option over a TypeORM transaction: jobs sent or fetched through it commit or roll
 * back with the transaction's other writes.
 */
export function transactionDb(manager: EntityManager): Db {
  const runner = manager.queryRunner;
  if (!runner) throw new Error('transactionDb needs the EntityManager of a running transaction');
  return {
    executeSql: async (text, values) => ({
      rows: (await runner.query(text, values, true)).records,
    }),
  };
}
