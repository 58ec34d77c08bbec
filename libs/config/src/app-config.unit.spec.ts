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
      corsOrigins: ['http://localhost:3000'],
      trustProxy: false,
      smsSettingCeilings: { maxConcurrency: 10, dailySmsCap: 200_000, monthlySmsBudget: 6_000_000 },
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
    [{ DATABASE_OWNER_URL: 'postgres://owner@h/db' }, 'DATABASE_OWNER_URL'],
    [{ DATABASE_URL: 'postgres://u@h/db', DATABASE_OWNER_URL: 'http://h' }, 'DATABASE_OWNER_URL'],
    [{ ENCRYPTION_KEY: 'c2hvcnQ=' }, 'ENCRYPTION_KEY'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ RATE_LIMIT_LOGIN: '-1' }, 'RATE_LIMIT_LOGIN'],
    [{ APP_URL_ALLOWLIST: 'ftp://x' }, 'APP_URL_ALLOWLIST'],
    [{ CORS_ORIGINS: 'console.example.org' }, 'CORS_ORIGINS'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'loopback, proxy.internal' }, 'TRUST_PROXY'],
    [{ MAX_CONCURRENCY_CEILING: '0' }, 'MAX_CONCURRENCY_CEILING'],
    [{ MAX_CONCURRENCY_CEILING: '101' }, 'MAX_CONCURRENCY_CEILING'],
    [{ MAX_CONCURRENCY_CEILING: 'ten' }, 'MAX_CONCURRENCY_CEILING'],
    [{ DAILY_SMS_CAP_CEILING: '0' }, 'DAILY_SMS_CAP_CEILING'],
    [{ DAILY_SMS_CAP_CEILING: '2147483648' }, 'DAILY_SMS_CAP_CEILING'],
    [{ MONTHLY_SMS_BUDGET_CEILING: '-5' }, 'MONTHLY_SMS_BUDGET_CEILING'],
    [{ MONTHLY_SMS_BUDGET_CEILING: '1e6' }, 'MONTHLY_SMS_BUDGET_CEILING'],
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
    expect(config.databaseOwnerUrl).toBe('postgres://u@h/db');
  });

  it('migrates as DATABASE_OWNER_URL when it is set beside DATABASE_URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://runtime@h/db',
      DATABASE_OWNER_URL: 'postgres://owner@h/db',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://runtime@h/db',
      databaseOwnerUrl: 'postgres://owner@h/db',
    });
  });

  it('reads the ceilings of the SMS settings', () => {
    const config = loadConfig({
      MAX_CONCURRENCY_CEILING: '100',
      DAILY_SMS_CAP_CEILING: '1',
      MONTHLY_SMS_BUDGET_CEILING: '2147483647',
    });
    expect(config.smsSettingCeilings).toEqual({
      maxConcurrency: 100,
      dailySmsCap: 1,
      monthlySmsBudget: 2_147_483_647,
    });
  });

  it('takes CORS origins, defaulting to the origin of PUBLIC_APP_URL', () => {
    expect(loadConfig({ PUBLIC_APP_URL: 'https://app.example.org/intake' }).corsOrigins).toEqual([
      'https://app.example.org',
    ]);
    expect(
      loadConfig({ CORS_ORIGINS: 'https://console.example.org, http://localhost:5173/' })
        .corsOrigins,
    ).toEqual(['https://console.example.org', 'http://localhost:5173']);
  });

  it.each([
    ['false', false],
    ['2', 2],
    ['loopback', ['loopback']],
    [
      '10.0.0.0/8, 192.168.1.7, fd00::/8, uniquelocal',
      ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'uniquelocal'],
    ],
  ])('reads TRUST_PROXY=%s as Express trust proxy %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });
});
