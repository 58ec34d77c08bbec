import type { Response } from 'express';
import { DomainError } from './domain-error';

/** A named limit: `limit` points per `windowSeconds` for each key (0 turns it off). */
export interface RateLimitPolicy {
  name: string;
  limit: number;
  windowSeconds: number;
}

/** What a key has left of a policy's window after a request. */
export interface RateLimitCount {
  policy: RateLimitPolicy;
  allowed: boolean;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/**
 * The IETF httpapi RateLimit header fields, one list member per policy the request counted
 * against: `RateLimit-Policy: "public-ip";q=20;w=60` and `RateLimit: "public-ip";r=7;t=42`.
 */
export function sendRateLimitHeaders(response: Response, counts: RateLimitCount[]): void {
  if (counts.length === 0) return;
  response.setHeader(
    'RateLimit-Policy',
    counts.map(({ policy }) => `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`),
  );
  response.setHeader(
    'RateLimit',
    counts.map((count) => `"${count.policy.name}";r=${count.remaining};t=${count.resetSeconds}`),
  );
}

/** 429 (with Retry-After) when any count is spent, waiting for the latest of them to reset. */
export function refuseWhenSpent(counts: RateLimitCount[], detail: string): void {
  const spent = counts.filter((count) => !count.allowed);
  if (spent.length === 0) return;
  throw new DomainError('rate-limited', detail, {
    retryAfter: Math.max(...spent.map((count) => count.resetSeconds)),
  });
}
