import 'reflect-metadata';
import { ConfigError, loadConfig, withDevelopmentSecrets } from '@app/config';
import { EmbeddedDatabaseError, openDatabase, type OpenDatabase } from '@app/database';
import { createApi } from './bootstrap/create-api';
import { demoBanner, ensureDemoOrganization } from './bootstrap/demo-organization';

function announce(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** One sentence, no stack trace: what a person starting the API needs to read. */
function startFailure(error: unknown): string {
  if (error instanceof ConfigError || error instanceof EmbeddedDatabaseError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return `The API could not start: ${message.split('\n')[0]}`;
}

let database: OpenDatabase | undefined;

async function bootstrap(): Promise<void> {
  const config = loadConfig(withDevelopmentSecrets(process.env));
  database = await openDatabase(config.databaseUrl, announce);
  const demo = database.embedded ? await ensureDemoOrganization(database.url) : null;
  const app = await createApi(config, database.url);
  await app.listen(config.port);
  announce(`API listening on http://localhost:${config.port} (reference: /docs)`);
  // Last, so that the start-up logs do not scroll the credentials away.
  if (demo) demoBanner(demo).forEach(announce);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    announce(`${signal} received: shutting down`);
    await app.close();
    await database?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

bootstrap().catch(async (error: unknown) => {
  process.stderr.write(`${startFailure(error)}\n`);
  await database?.stop().catch(() => undefined);
  process.exit(1);
});
