import type {
  CallHandler,
  ExecutionContext,
  INestApplication,
  NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { isUUID } from 'class-validator';
import { type AuthContext, ROUTE_ACCESS, type RouteAccess } from '@app/auth';
import { organizationId, type OrganizationId, TenantContext } from '@app/database';

/**
 * Enters the request's organization before its handler runs: the access token's, or for a public
 * route the body field it declares (`@Public({ organizationFrom: 'organizationId' })`). A field that
 * is not a UUID enters nothing; the validation pipe then refuses the body before the handler runs.
 * No connection is taken and no transaction opened here: see TenantContext.
 */
export function enterRequestOrganizations(app: INestApplication): void {
  app.useGlobalInterceptors(
    new EnterOrganizationInterceptor(app.get(TenantContext), app.get(Reflector)),
  );
}

class EnterOrganizationInterceptor implements NestInterceptor {
  constructor(
    private readonly tenant: TenantContext,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const organization = this.organizationOf(context);
    if (!organization) return next.handle();
    return from(
      this.tenant.run(organization, () =>
        lastValueFrom(next.handle(), { defaultValue: undefined }),
      ),
    );
  }

  private organizationOf(context: ExecutionContext): OrganizationId | undefined {
    const request = context.switchToHttp().getRequest<{ auth?: AuthContext; body?: unknown }>();
    if (request.auth) return request.auth.organizationId;
    const access = this.reflector.get<RouteAccess | undefined>(ROUTE_ACCESS, context.getHandler());
    if (access?.kind !== 'public' || !access.organizationFrom) return undefined;
    const value = (request.body as Record<string, unknown> | undefined)?.[access.organizationFrom];
    return typeof value === 'string' && isUUID(value) ? organizationId(value) : undefined;
  }
}
