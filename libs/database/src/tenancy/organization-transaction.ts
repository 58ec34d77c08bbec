import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { ORGANIZATION_SETTING } from './database-roles';

/**
 * A transaction on one connection, naming its organization with a transaction-local setting: under
 * the application role, row-level security then admits that organization's rows only.
 */
export class OrganizationTransaction {
  private constructor(
    readonly organizationId: string,
    private readonly runner: QueryRunner,
  ) {}

  static async open(
    dataSource: DataSource,
    organizationId: string,
  ): Promise<OrganizationTransaction> {
    const transaction = new OrganizationTransaction(organizationId, dataSource.createQueryRunner());
    try {
      await transaction.runner.startTransaction();
      await transaction.runner.query(`SELECT set_config('${ORGANIZATION_SETTING}', $1, true)`, [
        organizationId,
      ]);
      return transaction;
    } catch (error) {
      await transaction.close().catch(() => undefined);
      throw error;
    }
  }

  get manager(): EntityManager {
    return this.runner.manager;
  }

  async commit(): Promise<void> {
    if (this.runner.isTransactionActive) await this.runner.commitTransaction();
    await this.close();
  }

  /** Rolls back what was not committed and gives the connection back; safe to call again. */
  async close(): Promise<void> {
    try {
      if (this.runner.isTransactionActive && !this.runner.isReleased) {
        await this.runner.rollbackTransaction();
      }
    } finally {
      if (!this.runner.isReleased) await this.runner.release();
    }
  }
}
