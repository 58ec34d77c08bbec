import { AppConfig, Env, loadConfig } from '@app/config';

export const TEST_JWT_SECRET = 'test-jwt-secret-that-is-long-enough-0123456789';
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

/** The configuration tests run with: quiet logs, no in-process workers, fixed secrets. */
export function testConfig(overrides: Env = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    RUN_WORKERS: 'false',
    LOG_LEVEL: 'silent',
    PUBLIC_APP_URL: 'http://app.test',
    ...overrides,
  });
}
