import type { Express } from 'express';

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
  match(path: string): boolean;
}

/**
 * The methods registered for a path in the Express router (empty when the path is unknown).
 * Wildcard routes (middleware mounted for every path and method) say nothing about a path.
 */
export function allowedMethods(app: Express, path: string): string[] {
  const stack = (app as unknown as { router?: { stack: RouteLayer[] } }).router?.stack ?? [];
  const methods = new Set<string>();
  for (const layer of stack) {
    if (!layer.route || layer.route.path.includes('*') || !layer.match(path)) continue;
    for (const [method, enabled] of Object.entries(layer.route.methods)) {
      if (enabled && method !== '_all') methods.add(method.toUpperCase());
    }
  }
  return [...methods].sort();
}
