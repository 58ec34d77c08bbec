import 'reflect-metadata';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { DECORATORS } from '@nestjs/swagger';
import { listRoutes } from '@app/auth';
import { apiWithoutDatabase } from './served-openapi-document';

/** One route the API serves, with where its code is. */
export interface RouteRow {
  method: string;
  /** As the OpenAPI document writes it: `/api/needs/{id}`. */
  path: string;
  operationId: string;
  /** A permission, `public` or `any member` (as in test/__snapshots__/route-permissions.spec.ts.snap). */
  access: string;
  /** Repository-relative path of the controller's source. */
  file: string;
  /** The controller method that serves the route. */
  handler: string;
  /** The class of the `@Body()` parameter, when the route takes a validated body. */
  body?: string;
  /** The class of the `@Query()` parameter, when the route takes validated query parameters. */
  query?: string;
}

const CONTROLLER_SOURCES = 'apps/api/src';

function sourceFiles(folder: string, suffix: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(suffix))
    .map((name) => join(folder, name).split('\\').join('/'))
    .sort();
}

/** The `*.controller.ts` file declaring each exported class, by class name. */
function controllerFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of sourceFiles(CONTROLLER_SOURCES, '.controller.ts')) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/^export class (\w+)/gm)) {
      if (files.has(name)) throw new Error(`${name} is declared in ${files.get(name)} and ${file}`);
      files.set(name, file);
    }
  }
  return files;
}

/** The class of the handler's whole `@Body()` or `@Query()` (not `@Body('field')`). */
function parameterClass(
  controller: new () => object,
  handler: string,
  kind: RouteParamtypes.BODY | RouteParamtypes.QUERY,
): string | undefined {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) ?? {}) as Record<
    string,
    { index: number; data?: unknown }
  >;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, handler) ??
    []) as (abstract new () => unknown)[];
  for (const [key, { index, data }] of Object.entries(args)) {
    if (key.split(':')[0] !== String(kind) || data !== undefined) continue;
    const type = types[index];
    if (type && ![Object, Array, String, Number, Boolean].includes(type as never)) return type.name;
  }
  return undefined;
}

/**
 * Every route of the API's module graph (built without a database, as for the OpenAPI document):
 * listRoutes' method, path and access, plus the operationId of `@ApiOperation`, the handler, its
 * `@Body()` and `@Query()` classes and the `*.controller.ts` under apps/api/src that exports the controller class.
 */
export async function routeRows(): Promise<RouteRow[]> {
  const app = await apiWithoutDatabase();
  const files = controllerFiles();
  try {
    return listRoutes(app).map(({ method, path, access, controller, handler }) => {
      const file = files.get(controller.name);
      if (!file)
        throw new Error(`no ${CONTROLLER_SOURCES}/**/*.controller.ts exports ${controller.name}`);
      const operation = Reflect.getMetadata(
        DECORATORS.API_OPERATION,
        controller.prototype[handler as keyof object],
      ) as { operationId?: string } | undefined;
      if (!operation?.operationId)
        throw new Error(`${controller.name}.${handler} has no @ApiOperation operationId`);
      return {
        method,
        path,
        operationId: operation.operationId,
        access,
        file,
        handler,
        body: parameterClass(controller, handler, RouteParamtypes.BODY),
        query: parameterClass(controller, handler, RouteParamtypes.QUERY),
      };
    });
  } finally {
    await app.close();
  }
}
