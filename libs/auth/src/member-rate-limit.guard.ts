import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerLimitDetail } from '@nestjs/throttler';
import { DomainError } from '@app/http';
import type { AuthContext } from './auth-context';

export const MEMBER_THROTTLER = 'member';

/** RATE_LIMIT_MEMBER requests per minute per member, on authenticated routes only (per process). */
@Injectable()
export class MemberRateLimitGuard extends ThrottlerGuard {
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    return !context.switchToHttp().getRequest<{ auth?: AuthContext }>().auth;
  }

  protected override async getTracker(request: { auth: AuthContext }): Promise<string> {
    return request.auth.memberId;
  }

  protected override async throwThrottlingException(
    _context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    throw new DomainError('rate-limited', 'Too many requests; slow down', {
      retryAfter: Math.max(1, detail.timeToBlockExpire),
    });
  }
}

