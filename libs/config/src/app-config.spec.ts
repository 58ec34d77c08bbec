import { loadConfig } from './app-config';

describe('loadConfig', () => {
  it('applies the documented defaults in development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      runWorkers: true,
      smsProvider: 'log',
      emailAllowPrivateHosts: false,
      rateLimits: { publicPerIp: 20, publicPerOrg: 600, member: 1200, login: 10 },
      appUrlAllowlist: ['http://localhost:3000'],
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.encryptionKey).toHaveLength(32);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ RUN_WORKERS: 'maybe' }, 'RUN_WORKERS'],
    [{ SMS_PROVIDER: 'carrier-pigeon' }, 'SMS_PROVIDER'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ ENCRYPTION_KEY: 'c2hvcnQ=' }, 'ENCRYPTION_KEY'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ RATE_LIMIT_LOGIN: '-1' }, 'RATE_LIMIT_LOGIN'],
    [{ APP_URL_ALLOWLIST: 'ftp://x' }, 'APP_URL_ALLOWLIST'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }, 'ENCRYPTION_KEY'],
  ])('refuses %j naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`Invalid configuration: ${variable} `));
  });

  it('reads explicit values', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      DATABASE_URL: 'postgres://u@h/db',
      RATE_LIMIT_MEMBER: '0',
      APP_URL_ALLOWLIST: 'https://a.example.org, https://b.example.org/path',
    });
    expect(config.rateLimits.member).toBe(0);
    expect(config.appUrlAllowlist).toEqual(['https://a.example.org', 'https://b.example.org']);
    expect(config.databaseUrl).toBe('postgres://u@h/db');
  });
});
