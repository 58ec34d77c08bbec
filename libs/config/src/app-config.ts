import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ConfigError } from './config.error';
import {
  Env,
  readBoolean,
  readEnum,
  readInt,
  readOrigins,
  readString,
  readTrustProxy,
  readUrl,
  readUrlOr,
} from './env-readers';

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export const SMS_PROVIDERS = ['log', 'telnyx'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export interface RateLimits {
  publicPerIp: number;
  publicPerOrg: number;
  member: number;
  login: number;
}

/** How much argon2 work (password hashes and verifications) one process does at once. */
export interface PasswordHashing {
  /** Hashes and verifications running at once. */
  concurrency: number;
  /** Further ones waiting for a turn; past that a login is refused with 503. */
  queue: number;
}

/**
 * Argon2 runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise): one
 * hash per CPU core, leaving at least one thread for file and DNS work.
 */
const DEFAULT_PASSWORD_HASH_CONCURRENCY = Math.min(availableParallelism(), 3);

/** The most parallel sends the SMS dispatcher gives one organization: its highest group tier. */
export const MAX_PARALLEL_SENDS_PER_ORGANIZATION = 100;

/** The largest value of a PostgreSQL int column. */
const INT_MAX = 2_147_483_647;

/** The highest value an organization may give each SMS setting (a settings PUT above is 400). */
export interface SmsSettingCeilings {
  maxConcurrency: number;
  dailySmsCap: number;
  monthlySmsBudget: number;
}

export interface AppConfig {
  nodeEnv: (typeof NODE_ENVS)[number];
  /** Undefined means: start the embedded PostgreSQL. */
  databaseUrl?: string;
  /** The owner migrations run as; `databaseUrl` when unset (docs/SECURITY.md, "Database roles"). */
  databaseOwnerUrl?: string;
  port: number;
  jwtSecret: string;
  encryptionKey: Buffer;
  publicAppUrl: string;
  appUrlAllowlist: string[];
  /** Browser origins allowed on the routes that are not public (CORS). */
  corsOrigins: string[];
  /** Express's `trust proxy`: which proxies' X-Forwarded-For names the client. */
  trustProxy: false | number | string[];
  runWorkers: boolean;
  smsProvider: (typeof SMS_PROVIDERS)[number];
  telnyx: { apiKey?: string; apiBaseUrl: string; publicKey?: string };
  /** The API's public base URL: the webhook URL given to Telnyx is built from it. */
  publicApiUrl: string;
  /** How often provisioning asks Telnyx again while it waits on an order, a vetting or a review. */
  provisioningPollSeconds: number;
  emailApiBaseUrls: { sendgrid: string; mailgun: string; postmark: string };
  emailAllowPrivateHosts: boolean;
  /** Event subscription URLs may use http and private addresses (never the metadata address). */
  webhookAllowPrivateHosts: boolean;
  systemSmtpUrl?: string;
  systemEmailFrom?: string;
  logLevel: (typeof LOG_LEVELS)[number];
  rateLimits: RateLimits;
  passwordHashing: PasswordHashing;
  smsSettingCeilings: SmsSettingCeilings;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

function readEncryptionKey(env: Env, development: boolean): Buffer {
  const value = readString(env, 'ENCRYPTION_KEY');
  if (value === undefined) {
    if (!development) throw new ConfigError('ENCRYPTION_KEY', 'is required outside development');
    return randomBytes(32);
  }
  const key = Buffer.from(value, 'base64');
  if (key.length !== 32)
    throw new ConfigError('ENCRYPTION_KEY', 'must be 32 bytes, base64-encoded');
  return key;
}

function readJwtSecret(env: Env, development: boolean): string {
  const value = readString(env, 'JWT_SECRET');
  if (value === undefined) {
    if (!development) throw new ConfigError('JWT_SECRET', 'is required outside development');
    return randomBytes(32).toString('base64url');
  }
  if (value.length < 32) throw new ConfigError('JWT_SECRET', 'must be at least 32 characters');
  return value;
}

/** DATABASE_OWNER_URL, which needs DATABASE_URL beside it; DATABASE_URL when unset. */
function readDatabaseOwnerUrl(env: Env): string | undefined {
  const ownerUrl = readUrl(env, 'DATABASE_OWNER_URL', ['postgres:', 'postgresql:']);
  if (ownerUrl !== undefined && readString(env, 'DATABASE_URL') === undefined) {
    throw new ConfigError('DATABASE_OWNER_URL', 'needs DATABASE_URL (the runtime role) beside it');
  }
  return ownerUrl ?? readString(env, 'DATABASE_URL');
}

/**
 * Reads and validates the whole environment once. In development, a missing JWT_SECRET or
 * ENCRYPTION_KEY is replaced by a random one for this process (tokens and stored provider keys do
 * not survive a restart); set both for anything that must last.
 */
export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv = readEnum(env, 'NODE_ENV', NODE_ENVS, 'development');
  const development = nodeEnv !== 'production';
  const publicAppUrl = readUrlOr(
    env,
    'PUBLIC_APP_URL',
    ['http:', 'https:'],
    'http://localhost:3000',
  );
  const port = readInt(env, 'PORT', 3000, 0, 65535);
  return {
    nodeEnv,
    databaseUrl: readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    databaseOwnerUrl: readDatabaseOwnerUrl(env),
    port,
    jwtSecret: readJwtSecret(env, development),
    encryptionKey: readEncryptionKey(env, development),
    publicAppUrl,
    appUrlAllowlist: readOrigins(env, 'APP_URL_ALLOWLIST', [new URL(publicAppUrl).origin]),
    corsOrigins: readOrigins(env, 'CORS_ORIGINS', [new URL(publicAppUrl).origin]),
    trustProxy: readTrustProxy(env, 'TRUST_PROXY'),
    runWorkers: readBoolean(env, 'RUN_WORKERS', true),
    smsProvider: readEnum(env, 'SMS_PROVIDER', SMS_PROVIDERS, 'log'),
    telnyx: {
      apiKey: readString(env, 'TELNYX_API_KEY'),
      apiBaseUrl: readUrlOr(
        env,
        'TELNYX_API_BASE_URL',
        ['http:', 'https:'],
        'https://api.telnyx.com',
      ),
      publicKey: readString(env, 'TELNYX_PUBLIC_KEY'),
    },
    publicApiUrl: readUrlOr(env, 'PUBLIC_API_URL', ['http:', 'https:'], `http://localhost:${port}`),
    provisioningPollSeconds: readInt(env, 'PROVISIONING_POLL_SECONDS', 900, 1, 86_400),
    emailApiBaseUrls: {
      sendgrid: readUrlOr(
        env,
        'SENDGRID_API_BASE_URL',
        ['http:', 'https:'],
        'https://api.sendgrid.com',
      ),
      mailgun: readUrlOr(
        env,
        'MAILGUN_API_BASE_URL',
        ['http:', 'https:'],
        'https://api.mailgun.net',
      ),
      postmark: readUrlOr(
        env,
        'POSTMARK_API_BASE_URL',
        ['http:', 'https:'],
        'https://api.postmarkapp.com',
      ),
    },
    emailAllowPrivateHosts: readBoolean(env, 'EMAIL_ALLOW_PRIVATE_HOSTS', false),
    webhookAllowPrivateHosts: readBoolean(env, 'WEBHOOK_ALLOW_PRIVATE_HOSTS', false),
    systemSmtpUrl: readUrl(env, 'SYSTEM_SMTP_URL', ['smtp:', 'smtps:']),
    systemEmailFrom: readString(env, 'SYSTEM_EMAIL_FROM'),
    logLevel: readEnum(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    rateLimits: {
      publicPerIp: readInt(env, 'RATE_LIMIT_PUBLIC_PER_IP', 20),
      publicPerOrg: readInt(env, 'RATE_LIMIT_PUBLIC_PER_ORG', 600),
      member: readInt(env, 'RATE_LIMIT_MEMBER', 1200),
      login: readInt(env, 'RATE_LIMIT_LOGIN', 10),
    },
    passwordHashing: {
      concurrency: readInt(
        env,
        'PASSWORD_HASH_CONCURRENCY',
        DEFAULT_PASSWORD_HASH_CONCURRENCY,
        1,
        1024,
      ),
      // At least one waits: a login verifies two hashes.
      queue: readInt(env, 'PASSWORD_HASH_QUEUE', 16, 1, 100_000),
    },
    smsSettingCeilings: {
      maxConcurrency: readInt(
        env,
        'MAX_CONCURRENCY_CEILING',
        10,
        1,
        MAX_PARALLEL_SENDS_PER_ORGANIZATION,
      ),
      dailySmsCap: readInt(env, 'DAILY_SMS_CAP_CEILING', 200_000, 1, INT_MAX),
      monthlySmsBudget: readInt(env, 'MONTHLY_SMS_BUDGET_CEILING', 6_000_000, 1, INT_MAX),
    },
  };
}
