import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { hashPassword, MIN_PASSWORD_LENGTH } from '@app/auth';
import { ConfigError, loadConfig, withDevelopmentSecrets } from '@app/config';
import {
  SYSTEM_ROLE,
  openDatabase,
  openDataSource,
  provisionOrganization,
  runMigrations,
} from '@app/database';

const USAGE = `Usage:
  npm run cli -- org:create --name NAME --slug SLUG --admin-email EMAIL --admin-password PASSWORD [--admin-name NAME]
  npm run cli -- migration:run`;

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

class UsageError extends Error {}

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '')
    throw new UsageError(`--${name} is required`);
  return value.trim();
}

async function createOrganization(url: string, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      name: { type: 'string' },
      slug: { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-password': { type: 'string' },
      'admin-name': { type: 'string' },
    },
  });
  const slug = required(values, 'slug');
  const password = required(values, 'admin-password');
  const email = required(values, 'admin-email');
  if (!SLUG.test(slug) || slug.length < 3 || slug.length > 63) {
    throw new UsageError('--slug must be 3-63 lower-case letters, digits and single dashes');
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new UsageError(`--admin-password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    throw new UsageError('--admin-email must be an email address');
  const dataSource = await openDataSource(url, { role: SYSTEM_ROLE });
  try {
    const created = await provisionOrganization(dataSource, {
      name: required(values, 'name'),
      slug,
      adminEmail: email,
      adminFullName: values['admin-name'] ?? 'Organization Admin',
      adminPasswordHash: await hashPassword(password),
    });
    console.log(JSON.stringify(created));
  } catch (error) {
    if ((error as { code?: string }).code === '23505')
      throw new UsageError(`slug "${slug}" is taken`);
    throw error;
  } finally {
    await dataSource.destroy();
  }
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig(withDevelopmentSecrets(process.env));
  const log = (line: string) => console.error(line);
  if (command === 'migration:run') {
    if (!config.databaseUrl) {
      const database = await openDatabase(undefined, log);
      await database.stop();
      return;
    }
    const applied = await runMigrations(
      config.databaseOwnerUrl ?? config.databaseUrl,
      config.databaseUrl,
    );
    log(applied.length ? `Applied: ${applied.join(', ')}` : 'No pending migrations');
    return;
  }
  if (command !== 'org:create')
    throw new UsageError(command ? `Unknown command ${command}` : 'No command');
  const database = await openDatabase(config.databaseUrl, log);
  try {
    await createOrganization(database.url, args);
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
  else console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
