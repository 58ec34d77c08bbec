import 'reflect-metadata';
import { ConfigError, loadConfig, withDevelopmentSecrets } from '@app/config';
import { openDatabase } from '@app/database';
import { createApi } from './bootstrap/create-api';
import { DEMO_ADMIN_EMAIL, ensureDemoOrganization } from './bootstrap/demo-organization';

function announce(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function bootstrap(): Promise<void> {
  const config = loadConfig(withDevelopmentSecrets(process.env));
  const database = await openDatabase(config.databaseUrl, announce);
  if (database.embedded) {
    const password = await ensureDemoOrganization(database.url);
    if (password) {
      announce('');
      announce('Demo organization created (slug "demo"). Log in as its org_admin:');
      announce(`  email:    ${DEMO_ADMIN_EMAIL}`);
      announce(`  password: ${password}`);
      announce('This password is shown only once.');
      announce('');
    }
  }
  const app = await createApi(config, database.url);
  await app.listen(config.port);
  announce(`API listening on http://localhost:${config.port} (reference: /docs)`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    announce(`${signal} received: shutting down`);
    await app.close();
    await database.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
