import {
  applyDecorators,
  createParamDecorator,
  ExecutionContext,
  SetMetadata,
} from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import { ApiProblems } from '@app/http';
import type { AuthContext } from './auth-context';
import type { Permission } from '@assist/contracts';

export const ROUTE_ACCESS = 'route-access';

/** What a route declares: open to anyone, any member, or members holding a permission. */
export type RouteAccess =
  { kind: 'public'; organizationFrom?: string } | { kind: 'member'; permission?: Permission };

/**
 * An open route (no credential). Every other route must declare @Authenticated. A public route that
 * works inside one organization names the body field that says which (`organizationFrom`): the
 * request then runs in that organization, entered before the handler as for a member's request.
 */
export const Public = (options: { organizationFrom?: string } = {}) =>
  SetMetadata(ROUTE_ACCESS, { kind: 'public', ...options } satisfies RouteAccess);

/** A route for members, rate limited per member (429); with a permission, members lacking it get 403. */
export function Authenticated(options: { permission?: Permission } = {}) {
  return applyDecorators(
    SetMetadata(ROUTE_ACCESS, {
      kind: 'member',
      permission: options.permission,
    } satisfies RouteAccess),
    ApiBearerAuth(),
    ApiProblems(...(options.permission ? [401, 403, 429] : [401, 429])),
  );
}

export const CurrentAuth = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthContext =>
    context.switchToHttp().getRequest<{ auth: AuthContext }>().auth,
);
