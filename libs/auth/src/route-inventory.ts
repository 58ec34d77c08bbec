import { INestApplication, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import { ROUTE_ACCESS, type RouteAccess } from './decorators';

export interface RouteEntry {
  method: string;
  /** As the OpenAPI document writes it: `/api/needs/{id}`. */
  path: string;
  /** A permission, `public`, `any member`, or `UNDECLARED` (a route the guard would refuse). */
  access: string;
  /** The controller class and the name of its method that serves the route. */
  controller: new () => object;
  handler: string;
}

function joinPath(...parts: string[]): string {
  return `/${parts
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`.replace(/:(\w+)/g, '{$1}');
}

function describeAccess(access: RouteAccess | undefined): string {
  if (!access) return 'UNDECLARED';
  if (access.kind === 'public') return 'public';
  return access.permission ?? 'any member';
}

/**
 * Every route the Nest controllers declare, with the access rule it declares, sorted by path then
 * method: read by the route tests and by the generated docs/ROUTES.md.
 */
export function listRoutes(app: INestApplication): RouteEntry[] {
  const routes: RouteEntry[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new () => object) | null;
      if (!controller) continue;
      const base: string = Reflect.getMetadata(PATH_METADATA, controller) ?? '';
      const classAccess = Reflect.getMetadata(ROUTE_ACCESS, controller) as RouteAccess | undefined;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = controller.prototype[name as keyof object];
        if (typeof handler !== 'function' || name === 'constructor') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const access =
          (Reflect.getMetadata(ROUTE_ACCESS, handler) as RouteAccess | undefined) ?? classAccess;
        routes.push({
          method: RequestMethod[method],
          path: joinPath(base, Reflect.getMetadata(PATH_METADATA, handler) ?? ''),
          access: describeAccess(access),
          controller,
          handler: name,
        });
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
