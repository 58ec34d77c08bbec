import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { hashPassword } from '../libs/auth/src/password';
import { dataSourceOptions } from '../libs/database/src/data-source-options';
import { provisionOrganization } from '../libs/database/src/organization/provision-organization';
import { benchDatabase } from './bench-database';
import { startBenchServer } from './bench-server';
import { report, ScenarioResult } from './measure';
import { authScenarios } from './scenarios/auth.scenario';
import type { BenchContext } from './scenarios/context';

/** Scenarios in the order they run; each returns its measured figures. */
const SCENARIOS: ((context: BenchContext) => Promise<ScenarioResult[]>)[] = [authScenarios];

async function benchOrganization(url: string) {
  const dataSource = await new DataSource(dataSourceOptions(url)).initialize();
  try {
    const suffix = randomBytes(4).toString('hex');
    const adminPassword = `bench-${randomBytes(12).toString('hex')}`;
    const adminEmail = `bench-${suffix}@example.org`;
    const created = await provisionOrganization(dataSource, {
      name: 'Bench',
      slug: `bench-${suffix}`,
      adminEmail,
      adminFullName: 'Bench Admin',
      adminPasswordHash: await hashPassword(adminPassword),
    });
    return { organizationId: created.organizationId, adminEmail, adminPassword };
  } finally {
    await dataSource.destroy();
  }
}

async function main(): Promise<void> {
  const database = await benchDatabase();
  const organization = await benchOrganization(database.url);
  const server = await startBenchServer(database.url);
  try {
    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: organization.adminEmail,
        password: organization.adminPassword,
      }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const context: BenchContext = {
      baseUrl: server.baseUrl,
      databaseUrl: database.url,
      ...organization,
      adminToken: accessToken,
    };
    const results: ScenarioResult[] = [];
    for (const scenario of SCENARIOS) results.push(...(await scenario(context)));
    report(results);
  } finally {
    await server.stop();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
