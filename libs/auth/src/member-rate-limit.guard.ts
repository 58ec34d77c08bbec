import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { RateLimitStore } from '@app/database';
import { RateLimitPolicy, refuseWhenSpent, sendRateLimitHeaders } from '@app/http';
import type { AuthContext } from './auth-context';

/**
 * RATE_LIMIT_MEMBER requests per minute per member on authenticated routes, counted in PostgreSQL
 * across every API process (one statement per request).
 */
@Injectable()
export class MemberRateLimitGuard implements CanActivate {
  private readonly policy: RateLimitPolicy;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly store: RateLimitStore,
  ) {
    this.policy = { name: 'member', limit: config.rateLimits.member, windowSeconds: 60 };
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const auth = context.switchToHttp().getRequest<{ auth?: AuthContext }>().auth;
    if (!auth || this.policy.limit === 0) return true;
    const counts = [await this.store.consume(this.policy, auth.memberId)];
    sendRateLimitHeaders(context.switchToHttp().getResponse<Response>(), counts);
    refuseWhenSpent(counts, 'Too many requests; slow down');
    return true;
  }
}
