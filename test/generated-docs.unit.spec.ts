import { existsSync, readFileSync } from 'node:fs';
import { generatedDocs, snapshotRoutes } from '../scripts/project-docs';

/** The rows of docs/ROUTES.md: route, operationId, access, controller file, handler, body, query. */
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

describe('generated documents', () => {
  it('are current (else run npm run docs:generate and commit them)', async () => {
    for (const [path, text] of await generatedDocs()) {
      expect({ path, text: readFileSync(path, 'utf8') }).toEqual({ path, text });
    }
  });

  it('route table: every route of the reviewed snapshot, with its access', () => {
    expect(routeTableRows().map(([route, , access]) => `${route} ${access}`)).toEqual(
      snapshotRoutes().map(({ method, path, access }) => `${method} ${path} ${access}`),
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
