import { benchDatabase } from './bench-database';
import {
  createBenchOrganization,
  createBenchPartners,
  seededOrganization,
} from './bench-organization';
import { startBenchServer } from './bench-server';
import { report, ScenarioResult } from './measure';
import { auditScenarios } from './scenarios/audit.scenario';
import { authScenarios } from './scenarios/auth.scenario';
import { constituentSearchScenarios } from './scenarios/constituents.scenario';
import type { BenchContext } from './scenarios/context';
import { needsListScenarios, publicIntakeScenarios } from './scenarios/needs.scenario';
import { mixedScenarios } from './scenarios/mixed.scenario';
import { searchIsolationScenarios } from './scenarios/search-isolation.scenario';
import { accessToken } from './scenarios/access-token';
import { smsScenarios } from './scenarios/sms.scenario';

/** Scenarios in the order they run; BENCH_SCENARIOS=auth,needs,... picks some. */
const SCENARIOS: Record<string, (context: BenchContext) => Promise<ScenarioResult[]>> = {
  auth: authScenarios,
  intake: publicIntakeScenarios,
  needs: needsListScenarios,
  search: constituentSearchScenarios,
  'search-isolation': searchIsolationScenarios,
  audit: auditScenarios,
  sms: smsScenarios,
  mixed: mixedScenarios,
};

async function main(): Promise<void> {
  const chosen = (process.env.BENCH_SCENARIOS ?? Object.keys(SCENARIOS).join(',')).split(',');
  const database = await benchDatabase();
  let organization = await seededOrganization(database.url);
  if (!organization) {
    console.log('No seeded organization: run `npm run seed:bench` for the 1M-row scenarios.');
    organization = await createBenchOrganization(database.url);
    await createBenchPartners(database.url, organization.organizationId);
  }
  const server = await startBenchServer(database.url);
  try {
    const context: BenchContext = {
      baseUrl: server.baseUrl,
      serverPid: server.pid,
      databaseUrl: database.url,
      ...organization,
      adminToken: await accessToken(
        server.baseUrl,
        organization.adminEmail,
        organization.adminPassword,
      ),
    };
    const results: ScenarioResult[] = [];
    for (const name of chosen) {
      const scenario = SCENARIOS[name.trim()];
      if (!scenario) throw new Error(`Unknown scenario ${name}; known: ${Object.keys(SCENARIOS)}`);
      results.push(...(await scenario(context)));
    }
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
