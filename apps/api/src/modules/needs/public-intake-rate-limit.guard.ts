import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, AppConfig } from '@app/config';
import { DomainError, FixedWindowLimiter, LimitDecision } from '@app/http';

const MINUTE_MS = 60_000;

/**
 * Public intake: RATE_LIMIT_PUBLIC_PER_IP requests per minute per client IP and
 * RATE_LIMIT_PUBLIC_PER_ORG per organization named in the body (per process). Counts every
 * request, valid or not.
 */
@Injectable()
export class PublicIntakeRateLimitGuard implements CanActivate {
  private readonly perIp: FixedWindowLimiter;
  private readonly perOrganization: FixedWindowLimiter;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.perIp = new FixedWindowLimiter(config.rateLimits.publicPerIp, MINUTE_MS);
    this.perOrganization = new FixedWindowLimiter(config.rateLimits.publicPerOrg, MINUTE_MS);
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    refuseOver(this.perIp.hit(request.ip ?? 'unknown'));
    const organizationId: unknown = (request.body as { organizationId?: unknown } | undefined)
      ?.organizationId;
    if (typeof organizationId === 'string' && organizationId.length === 36) {
      refuseOver(this.perOrganization.hit(organizationId.toLowerCase()));
    }
    return true;
  }
}

function refuseOver(decision: LimitDecision): void {
  if (!decision.allowed) {
    throw new DomainError('rate-limited', 'Too many requests; try again later', {
      retryAfter: decision.retryAfter,
    });
  }
}
