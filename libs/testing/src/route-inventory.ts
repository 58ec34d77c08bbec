import { INestApplication, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import { ROUTE_ACCESS, RouteAccess } from '@app/auth';

export interface RouteEntry {
  method: string;
  path: string;
  access: string;
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

/** Every route the Nest controllers declare, with the access rule it declares (sorted). */
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
        });
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
