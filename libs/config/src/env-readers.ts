import { isIP } from 'node:net';
import { ConfigError } from './config.error';

export type Env = Record<string, string | undefined>;

function raw(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

export function readString(env: Env, name: string, fallback?: string): string | undefined {
  return raw(env, name) ?? fallback;
}

export function readInt(
  env: Env,
  name: string,
  fallback: number,
  min = 0,
  max = 65535 * 1000,
): number {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new ConfigError(name, `must be a whole number, got "${value}"`);
  const parsed = Number(value);
  if (parsed < min || parsed > max)
    throw new ConfigError(name, `must be between ${min} and ${max}`);
  return parsed;
}

export function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const value = raw(env, name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ConfigError(name, `must be true or false, got "${value}"`);
}

export function readEnum<T extends string>(
  env: Env,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  if (!allowed.includes(value as T)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${value}"`);
  }
  return value as T;
}

export function readUrl(
  env: Env,
  name: string,
  protocols: string[],
  fallback?: string,
): string | undefined {
  const value = raw(env, name) ?? fallback;
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, 'must be a valid URL');
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(name, `must use one of ${protocols.join(', ')}`);
  }
  return value.replace(/\/+$/, '');
}

export function readOrigins(env: Env, name: string, fallback: string[]): string[] {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  return value.split(',').map((entry) => {
    try {
      const url = new URL(entry.trim());
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
      return url.origin;
    } catch {
      throw new ConfigError(name, `holds "${entry.trim()}", which is not an http(s) origin`);
    }
  });
}

export function readUrlOr(env: Env, name: string, protocols: string[], fallback: string): string {
  return readUrl(env, name, protocols) ?? fallback;
}

/** Names Express's `trust proxy` knows besides addresses and CIDRs. */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  const bits = isIP(address) === 4 ? 32 : 128;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= bits);
}

/**
 * Express's `trust proxy`: false (the default: the socket's address is the client), a number of
 * proxy hops, or comma-separated addresses, CIDRs and the names loopback, linklocal, uniquelocal.
 */
export function readTrustProxy(env: Env, name: string): false | number | string[] {
  const value = raw(env, name);
  if (value === undefined || value.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const invalid = entries.find((entry) => !PROXY_NAMES.includes(entry) && !isProxyAddress(entry));
  if (invalid !== undefined) {
    throw new ConfigError(
      name,
      `holds "${invalid}": give a hop count, or addresses, CIDRs, loopback, linklocal or uniquelocal`,
    );
  }
  return entries;
}
