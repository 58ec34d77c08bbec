import { existsSync, readFileSync } from 'node:fs';
import { generatedDocs } from '../scripts/project-docs';

/** The rows of docs/ROUTES.md: route, operationId, access, controller file, handler, body class. */
function routeTableRows(): string[][] {
  return readFileSync('docs/ROUTES.md', 'utf8')
    .split('\n')
    .filter((line) => /^\| `(GET|POST|PUT|PATCH|DELETE) /.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim().replace(/^`|`$/g, '')),
    );
}

/** `METHOD /path access` of each route in the reviewed route snapshot. */
function snapshotRoutes(): string[] {
  const snapshot = readFileSync('test/__snapshots__/route-permissions.spec.ts.snap', 'utf8');
  const line = /^\s*"(GET|POST|PUT|PATCH|DELETE)\s+(\S+)\s+([^"]+?)",?$/gm;
  return [...snapshot.matchAll(line)].map(
    ([, method, path, access]) => `${method} ${path} ${access}`,
  );
}

describe('generated documents', () => {
  it('are current (else run npm run docs:generate and commit them)', async () => {
    for (const [path, text] of await generatedDocs()) {
      expect({ path, text: readFileSync(path, 'utf8') }).toEqual({ path, text });
    }
  });

  it('route table: every route of the reviewed snapshot, with its access', () => {
    expect(routeTableRows().map(([route, , access]) => `${route} ${access}`)).toEqual(
      snapshotRoutes(),
    );
  });

  it('route table: every controller file exists and declares its handler', () => {
    const missing = routeTableRows().filter(
      ([, , , file, handler]) =>
        !existsSync(file) ||
        !new RegExp(`^\\s+(async\\s+)?${handler}\\(`, 'm').test(readFileSync(file, 'utf8')),
    );
    expect(routeTableRows().length).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
