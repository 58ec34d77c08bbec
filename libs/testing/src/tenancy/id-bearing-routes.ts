import type { RouteEntry } from '@app/auth';

interface Schema {
  $ref?: string;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}

interface Operation {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** The parts of an OpenAPI document this module reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface IdBearingRoute {
  /** "METHOD /path", as the route inventory names it. */
  route: string;
  hasPathId: boolean;
  /** Dotted names of the request body's uuid fields. */
  bodyIds: string[];
}

function uuidFields(document: OpenApiDocument, schema: Schema | undefined, name = ''): string[] {
  if (!schema) return [];
  if (schema.$ref) {
    const target = document.components?.schemas?.[schema.$ref.split('/').pop() ?? ''];
    return uuidFields(document, target, name);
  }
  const nested = [
    ...Object.entries(schema.properties ?? {}).map(([key, property]) =>
      uuidFields(document, property, name ? `${name}.${key}` : key),
    ),
    ...[schema.items, ...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]
      .filter((part) => part !== undefined)
      .map((part) => uuidFields(document, part, name)),
  ].flat();
  return schema.format === 'uuid' ? [name, ...nested] : nested;
}

/** Registered routes with an id in the path or uuid fields in the documented request body. */
export function idBearingRoutes(
  routes: readonly RouteEntry[],
  document: OpenApiDocument,
): IdBearingRoute[] {
  return routes
    .map(({ method, path }) => {
      const content = document.paths[path]?.[method.toLowerCase()]?.requestBody?.content;
      return {
        route: `${method} ${path}`,
        hasPathId: path.includes('{'),
        bodyIds: uuidFields(document, content?.['application/json']?.schema),
      };
    })
    .filter((route) => route.hasPathId || route.bodyIds.length > 0);
}
