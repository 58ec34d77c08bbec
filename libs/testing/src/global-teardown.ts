import { withAdminClient } from '../../database/src/server-admin';
import { removeEmbeddedTestServer } from './embedded-test-server';

/** Drops the template and any clone a failed test file left behind, then removes an embedded server. */
export default async function globalTeardown(): Promise<void> {
  const serverUrl = process.env.TEST_SERVER_URL;
  try {
    if (serverUrl) {
      await withAdminClient(serverUrl, async (client) => {
        const { rows } = await client.query<{ datname: string }>(
          'SELECT datname FROM pg_database WHERE datname LIKE $1',
          [`assist_test_${process.env.TEST_RUN_ID}_%`],
        );
        for (const { datname } of rows)
          await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      });
    }
  } finally {
    await removeEmbeddedTestServer();
  }
}
