import { ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { DomainError } from '@app/http';
import type { AuthContext } from './auth-context';
import { ROUTE_ACCESS, RouteAccess } from './decorators';

/**
 * The global guard. Deny by default: a route without @Public or @Authenticated is refused. A member
 * route needs a valid bearer token (401), then the declared permission (403).
 */
@Injectable()
export class AccessGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.reflector.getAllAndOverride<RouteAccess | undefined>(ROUTE_ACCESS, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!access) throw DomainError.forbidden('This route declares no access rule');
    if (access.kind === 'public') return true;
    await super.canActivate(context);
    const request = context.switchToHttp().getRequest<{ user: AuthContext; auth: AuthContext }>();
    request.auth = request.user;
    if (access.permission && !request.auth.permissions.has(access.permission)) {
      throw DomainError.forbidden();
    }
    return true;
  }

  /** `error` is a failure of the member lookup (e.g. the database), not of the token: not a 401. */
  override handleRequest<T>(error: unknown, user: T | false): T {
    if (error) throw error;
    if (!user) throw new UnauthorizedException('A valid bearer access token is required');
    return user;
  }
}
