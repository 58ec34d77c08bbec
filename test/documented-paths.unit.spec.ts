import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Where repository paths start; a code span starting elsewhere (`/api/...`, `@app/...`) is no path. */
const TOP_LEVEL_FOLDERS = [
  'apps/',
  'libs/',
  'test/',
  'scripts/',
  'bench/',
  'docs/',
  'docker/',
  '.ci/',
];

/** Files of the repository's root a document may name without a folder. */
const ROOT_FILES =
  /^(package(-lock)?\.json|[\w-]+\.config\.[cm]?[jt]s|ormconfig\.[jt]s|tsconfig[\w.-]*\.json|nest-cli\.json|docker-compose[\w.-]*\.ya?ml|Dockerfile|README\.md|\.spectral\.ya?ml|\.prettierrc|\.(prettier|docker|git)ignore)$/;

const DOCUMENTS = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

/** A file name or a path's tail (`worker-kill.spec.ts`, `migrations/index.ts`): some file ends so. */
const FILE_TAIL = /^[\w-][\w.-]*(\/[\w.-]+)*\.(ts|js|cjs|mjs|json|sql|md|ya?ml|sh)$/;

/**
 * The code spans of a Markdown text (fenced blocks left out) that name a repository path: `paths`
 * from the root (a top-level folder or a root file), `tails` naming a file without its folders.
 */
function citations(markdown: string): { paths: string[]; tails: string[] } {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  const paths = new Set<string>();
  const tails = new Set<string>();
  for (const [, span] of prose.matchAll(/`([^`]+)`/g)) {
    const path = span.trim().replace(/#[\w-]*$/, '');
    if (/\s/.test(path)) continue;
    if (TOP_LEVEL_FOLDERS.some((folder) => path.startsWith(folder)) || ROOT_FILES.test(path))
      paths.add(path);
    else if (FILE_TAIL.test(path)) tails.add(path);
  }
  return { paths: [...paths], tails: [...tails] };
}

/** Every file of the tree below the top-level folders (build output and dependencies left out). */
function treeFiles(): string[] {
  const files: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (['node_modules', 'dist', '.data', 'coverage'].includes(entry.name)) continue;
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else files.push(path);
    }
  };
  for (const folder of TOP_LEVEL_FOLDERS) if (existsSync(folder)) walk(folder.slice(0, -1));
  return files;
}

function entries(folder: string): string[] {
  return existsSync(folder) && statSync(folder).isDirectory() ? readdirSync(folder) : [];
}

/** A path segment with `<placeholder>`s (one name or more) and `*`s (any run of characters). */
function segmentPattern(segment: string): RegExp {
  const parts = segment.split(/(<[^>]+>|\*)/).map((part) => {
    if (part.startsWith('<')) return '.+';
    if (part === '*') return '.*';
    return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${parts.join('')}$`);
}

/** Whether some file (or, for a path ending in `/`, folder) of the tree fits the path. */
function exists(path: string): boolean {
  const folder = path.endsWith('/');
  const resolve = (base: string, segments: string[]): boolean => {
    if (!segments.length) return existsSync(base) && (!folder || statSync(base).isDirectory());
    const [segment, ...rest] = segments;
    if (segment === '**')
      return (
        resolve(base, rest) || entries(base).some((name) => resolve(join(base, name), segments))
      );
    if (!/[<*]/.test(segment)) return resolve(join(base, segment), rest);
    const pattern = segmentPattern(segment);
    return entries(base).some((name) => pattern.test(name) && resolve(join(base, name), rest));
  };
  return resolve('.', path.replace(/\/+$/, '').split('/'));
}

describe('paths cited in the documentation', () => {
  const files = treeFiles();
  const broken = (document: string): string[] => {
    const { paths, tails } = citations(readFileSync(document, 'utf8'));
    return [
      ...paths.filter((path) => !exists(path)),
      ...tails.filter((tail) => !files.some((file) => file.endsWith(`/${tail}`))),
    ];
  };

  it('finds the citations', () => {
    const readme = citations(readFileSync('README.md', 'utf8'));
    expect(readme.paths).toContain('docker-compose.yml');
    expect(readme.paths).toContain('libs/contracts/src/permissions.ts');
    expect(exists('apps/api/src/modules/<feature>/')).toBe(true);
    expect(exists('libs/database/src/<x>/<x>.repository.ts')).toBe(true);
    expect(exists('apps/api/src/modules/<feature>/nothing-like-this.ts')).toBe(false);
    expect(exists('package.json/')).toBe(false);
    expect(files).toContain('libs/database/src/migrations/index.ts');
  });

  it.each(DOCUMENTS)('%s names only paths that exist', (document) => {
    expect(broken(document)).toEqual([]);
  });
});
