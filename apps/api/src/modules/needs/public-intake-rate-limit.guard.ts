import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { OrganizationCache, RateLimitStore } from '@app/database';
import { RateLimitCount, RateLimitPolicy, refuseWhenSpent, sendRateLimitHeaders } from '@app/http';

const REFUSAL = 'Too many requests; try again later';

/**
 * Public intake and the public status lookup: RATE_LIMIT_PUBLIC_PER_IP requests per minute per
 * client address (as TRUST_PROXY yields it) and RATE_LIMIT_PUBLIC_PER_ORG per organization named in
 * the body, counted in PostgreSQL across every API process. Every request counts against its
 * address, valid or not; only a request its address may make counts against the organization, and
 * only when that organization exists (OrganizationCache), so one client cannot spend another's
 * budget nor fill the counter table with made-up ids.
 */
@Injectable()
export class PublicIntakeRateLimitGuard implements CanActivate {
  private readonly perIp: RateLimitPolicy;
  private readonly perOrganization: RateLimitPolicy;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly store: RateLimitStore,
    private readonly organizations: OrganizationCache,
  ) {
    this.perIp = { name: 'public-ip', limit: config.rateLimits.publicPerIp, windowSeconds: 60 };
    this.perOrganization = {
      name: 'public-org',
      limit: config.rateLimits.publicPerOrg,
      windowSeconds: 60,
    };
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    const counts: RateLimitCount[] = [];
    if (this.perIp.limit > 0)
      counts.push(await this.store.consume(this.perIp, request.ip ?? 'unknown'));
    const organization = counts.every((count) => count.allowed)
      ? await this.existingOrganization(request)
      : undefined;
    if (organization) counts.push(await this.store.consume(this.perOrganization, organization));
    sendRateLimitHeaders(response, counts);
    refuseWhenSpent(counts, REFUSAL);
    return true;
  }

  /** The organization the body names, when its limit is on and it exists. */
  private async existingOrganization(request: Request): Promise<string | undefined> {
    if (this.perOrganization.limit === 0) return undefined;
    const named: unknown = (request.body as { organizationId?: unknown } | undefined)
      ?.organizationId;
    if (typeof named !== 'string' || !isUUID(named)) return undefined;
    const id = named.toLowerCase();
    return (await this.organizations.find(id)) ? id : undefined;
  }
}
