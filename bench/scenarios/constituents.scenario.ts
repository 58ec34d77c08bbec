import { measure, ScenarioResult } from '../measure';
import type { BenchContext } from './context';

/** Search text of each kind; names are among those bench/seed-constituents.ts writes. */
export const SEARCHES: [label: string, query: string][] = [
  ['name', 'Betty Lorine'],
  ['name with typos', 'Bety Lorin'],
  ['nickname', 'Liz Lorine'],
  ['surname', 'Lorine'],
  ['phone', '(434) 208-3413'],
  ['email', 'betty.lorine750497@example.org'],
];

/**
 * GET /api/constituents searches over the organization of the context; meaningful once that
 * organization holds the 1M constituents of `npm run seed:bench` (bench/seed-constituents.ts).
 */
export async function constituentSearchScenarios(context: BenchContext): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const [label, query] of SEARCHES) {
    const url = `${context.baseUrl}/api/constituents?query=${encodeURIComponent(query)}&limit=20`;
    results.push(
      await measure(`GET /api/constituents (${label})`, {
        url,
        headers: { authorization: `Bearer ${context.adminToken}` },
        connections: 10,
      }),
    );
  }
  return results;
}
