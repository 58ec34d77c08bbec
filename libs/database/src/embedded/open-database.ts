import { runMigrations } from '../migrate';
import { startEmbeddedDatabase } from './embedded-database';

export interface OpenDatabase {
  /** The runtime role's URL, for the application. */
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL under `.data/`, migrated by its
 * superuser (the owner), for its runtime login role.
 */
export async function openDatabase(
  databaseUrl: string | undefined,
  log: (line: string) => void,
): Promise<OpenDatabase> {
  if (databaseUrl) return { url: databaseUrl, embedded: false, stop: async () => undefined };
  log('No DATABASE_URL: starting the embedded PostgreSQL (data under .data/)');
  const server = await startEmbeddedDatabase({});
  const applied = await runMigrations(server.ownerUrl, server.url);
  if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
  return { url: server.url, embedded: true, stop: server.stop };
}
