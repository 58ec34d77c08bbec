import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { DomainError, FixedWindowLimiter } from '@app/http';
import type { AuthContext } from './auth-context';

/** RATE_LIMIT_MEMBER requests per minute per member, on authenticated routes (per process). */
@Injectable()
export class MemberRateLimitGuard implements CanActivate {
  private readonly limiter: FixedWindowLimiter;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.limiter = new FixedWindowLimiter(config.rateLimits.member, 60_000);
  }

  canActivate(context: ExecutionContext): boolean {
    const auth = context.switchToHttp().getRequest<{ auth?: AuthContext }>().auth;
    if (!auth) return true;
    const decision = this.limiter.hit(auth.memberId);
    if (!decision.allowed) {
      throw new DomainError('rate-limited', 'Too many requests; slow down', {
        retryAfter: decision.retryAfter,
      });
    }
    return true;
  }
}
