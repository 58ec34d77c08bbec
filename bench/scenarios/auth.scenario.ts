import { measure, ScenarioResult } from '../measure';
import type { BenchContext } from './context';

/** Login (argon2id verification, deliberately costly) and GET /api/auth/me with a token. */
export async function authScenarios(context: BenchContext): Promise<ScenarioResult[]> {
  const credentials = JSON.stringify({
    email: context.adminEmail,
    password: context.adminPassword,
  });
  const login = await measure('POST /api/auth/login', {
    url: `${context.baseUrl}/api/auth/login`,
    method: 'POST',
    body: credentials,
    connections: 10,
  });
  const me = await measure('GET /api/auth/me', {
    url: `${context.baseUrl}/api/auth/me`,
    headers: { authorization: `Bearer ${context.adminToken}` },
  });
  return [login, me];
}
