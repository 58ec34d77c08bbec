import { randomBytes } from 'node:crypto';
import { databaseUrl, onServer, runtimeUrl } from '../../database/src/server-admin';

export interface TestDatabase {
  /** As the runtime login role, which the application under test connects as. */
  url: string;
  /** As the server's user, who owns the tables: for DDL such as test triggers. */
  ownerUrl: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database cloned from the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_SERVER_URL;
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (!serverUrl || !template)
    throw new Error('Run tests with npm test (the Jest global setup prepares PostgreSQL)');
  const name = `assist_test_${process.env.TEST_RUN_ID}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, [`CREATE DATABASE ${name} TEMPLATE ${template}`]);
  const ownerUrl = databaseUrl(serverUrl, name);
  return {
    url: runtimeUrl(ownerUrl),
    ownerUrl,
    drop: () => onServer(serverUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]),
  };
}
