import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { RateLimitStore } from '@app/database';
import { RateLimitCount, RateLimitPolicy, refuseWhenSpent, sendRateLimitHeaders } from '@app/http';

/**
 * Public intake and the public status lookup: RATE_LIMIT_PUBLIC_PER_IP requests per minute per
 * client address (as TRUST_PROXY yields it) and RATE_LIMIT_PUBLIC_PER_ORG per organization named in
 * the body, counted in PostgreSQL across every API process. Counts every request, valid or not.
 */
@Injectable()
export class PublicIntakeRateLimitGuard implements CanActivate {
  private readonly perIp: RateLimitPolicy;
  private readonly perOrganization: RateLimitPolicy;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly store: RateLimitStore,
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
    const organizationId: unknown = (request.body as { organizationId?: unknown } | undefined)
      ?.organizationId;
    const counted: Promise<RateLimitCount>[] = [];
    if (this.perIp.limit > 0) counted.push(this.store.consume(this.perIp, request.ip ?? 'unknown'));
    if (
      this.perOrganization.limit > 0 &&
      typeof organizationId === 'string' &&
      organizationId.length === 36
    ) {
      counted.push(this.store.consume(this.perOrganization, organizationId.toLowerCase()));
    }
    const counts = await Promise.all(counted);
    sendRateLimitHeaders(context.switchToHttp().getResponse<Response>(), counts);
    refuseWhenSpent(counts, 'Too many requests; try again later');
    return true;
  }
}
