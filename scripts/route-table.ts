import 'reflect-metadata';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ModulesContainer } from '@nestjs/core';
import { DECORATORS } from '@nestjs/swagger';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ROUTE_ACCESS, type RouteAccess } from '@app/auth';
import { loadConfig } from '@app/config';
import { dataSourceOptions, SYSTEM_DATA_SOURCE } from '@app/database';
import { AppModule } from '../apps/api/src/app.module';

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
}

const CONTROLLER_SOURCES = 'apps/api/src';
const NO_DATABASE = 'postgres://none@127.0.0.1:1/none';

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

/** The class of the handler's `@Body()` parameter (a whole body, not `@Body('field')`). */
function bodyClass(controller: new () => object, handler: string): string | undefined {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) ?? {}) as Record<
    string,
    { index: number; data?: unknown }
  >;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, handler) ??
    []) as (abstract new () => unknown)[];
  for (const [key, { index, data }] of Object.entries(args)) {
    if (key.split(':')[0] !== String(RouteParamtypes.BODY) || data !== undefined) continue;
    const type = types[index];
    if (type && ![Object, Array, String, Number, Boolean].includes(type as never)) return type.name;
  }
  return undefined;
}

/**
 * Every route of the API's module graph (built without a database, as for the OpenAPI document),
 * read from the controllers' decorators: method and path, the operationId of `@ApiOperation`, the
 * access of `@Public`/`@Authenticated`, the handler and the `@Body()` class; the source file is the
 * `*.controller.ts` under apps/api/src that exports the controller class. Sorted by path, then method.
 */
export async function routeRows(): Promise<RouteRow[]> {
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'route-table-only-secret-never-used-for-tokens',
    ENCRYPTION_KEY: Buffer.alloc(32).toString('base64'),
    RUN_WORKERS: 'false',
    LOG_LEVEL: 'silent',
  });
  const moduleRef = await Test.createTestingModule({
    imports: [AppModule.forRoot(config, NO_DATABASE)],
  })
    .overrideProvider(DataSource)
    .useValue(new DataSource(dataSourceOptions(NO_DATABASE)))
    .overrideProvider(getDataSourceToken(SYSTEM_DATA_SOURCE))
    .useValue(new DataSource(dataSourceOptions(NO_DATABASE)))
    .compile();
  const files = controllerFiles();
  const rows: RouteRow[] = [];
  try {
    for (const module of moduleRef.get(ModulesContainer).values()) {
      for (const wrapper of module.controllers.values()) {
        const controller = wrapper.metatype as (new () => object) | null;
        if (!controller) continue;
        const file = files.get(controller.name);
        if (!file)
          throw new Error(`no ${CONTROLLER_SOURCES}/**/*.controller.ts exports ${controller.name}`);
        const base: string = Reflect.getMetadata(PATH_METADATA, controller) ?? '';
        const classAccess = Reflect.getMetadata(ROUTE_ACCESS, controller) as
          RouteAccess | undefined;
        for (const handler of Object.getOwnPropertyNames(controller.prototype)) {
          const method = controller.prototype[handler as keyof object] as unknown;
          if (typeof method !== 'function' || handler === 'constructor') continue;
          const verb = Reflect.getMetadata(METHOD_METADATA, method) as RequestMethod | undefined;
          if (verb === undefined) continue;
          const path = joinPath(base, Reflect.getMetadata(PATH_METADATA, method) ?? '');
          const operation = Reflect.getMetadata(DECORATORS.API_OPERATION, method) as
            { operationId?: string } | undefined;
          if (!operation?.operationId)
            throw new Error(`${controller.name}.${handler} has no @ApiOperation operationId`);
          rows.push({
            method: RequestMethod[verb],
            path,
            operationId: operation.operationId,
            access: describeAccess(
              (Reflect.getMetadata(ROUTE_ACCESS, method) as RouteAccess | undefined) ?? classAccess,
            ),
            file,
            handler,
            body: bodyClass(controller, handler),
          });
        }
      }
    }
  } finally {
    await moduleRef.close();
  }
  return rows.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
