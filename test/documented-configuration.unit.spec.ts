import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const CONFIG_SOURCES = 'libs/config/src';

/** `process.env.<name>` and `process.env['<name>']` (upper-case names). */
const PROCESS_ENV_READ = /process\.env(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g;
/** The same, assigned: a variable the tooling sets for itself (the test run's ids), not a setting. */
const PROCESS_ENV_WRITE =
  /process\.env(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])\s*=(?!=)/g;

/** Variables of the environment every process has, never the service's settings. */
const SYSTEM_VARIABLES = new Set(['PATH', 'HOME', 'CI']);

/** The `.ts` and `.cjs` sources under a folder, without specs, build output and dependencies. */
function sources(folder: string, exclude: string[] = []): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name).split('\\').join('/'))
    .filter(
      (path) =>
        /\.(ts|cjs)$/.test(path) &&
        !path.endsWith('.spec.ts') &&
        !/(^|\/)(node_modules|dist)\//.test(path) &&
        !exclude.some((excluded) => path.startsWith(excluded)),
    );
}

function namesIn(texts: string[], pattern: RegExp): Set<string> {
  const names = new Set<string>();
  for (const text of texts)
    for (const [, dotted, quoted] of text.matchAll(pattern)) names.add(dotted ?? quoted);
  return names;
}

/** Every environment variable loadConfig reads, from its `readX(env, 'NAME', ...)` calls. */
function configVariables(): string[] {
  const names = new Set<string>();
  for (const file of readdirSync(CONFIG_SOURCES).filter((name) => !name.endsWith('.spec.ts'))) {
    const source = readFileSync(join(CONFIG_SOURCES, file), 'utf8');
    for (const [, name] of source.matchAll(/read\w+\(\s*env,\s*'([A-Z][A-Z0-9_]+)'/g))
      names.add(name);
  }
  return [...names].sort();
}

/** `$<name>` and `${<name>...}` in the package.json scripts. */
function scriptVariables(): string[] {
  const scripts = Object.values(
    (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
      .scripts,
  );
  return [...namesIn(scripts, /\$\{?([A-Z][A-Z0-9_]*)/g)].sort();
}

/** Every `process.env` variable the application reads: apps/ and libs/, without specs or libs/testing. */
function applicationVariables(): string[] {
  const texts = [...sources('apps'), ...sources('libs', ['libs/testing/'])].map((path) =>
    readFileSync(path, 'utf8'),
  );
  return [...namesIn(texts, PROCESS_ENV_READ)].filter((name) => !SYSTEM_VARIABLES.has(name)).sort();
}

/**
 * Every `process.env` variable only the tests and the tooling read (jest.config.cjs, libs/testing,
 * the specs under test/, scripts/), except those the tooling sets for itself.
 */
function testVariables(): string[] {
  const paths = [
    'jest.config.cjs',
    ...sources('libs/testing'),
    ...sources('scripts'),
    ...readdirSync('test')
      .filter((name) => name.endsWith('.spec.ts'))
      .map((name) => `test/${name}`),
  ];
  const texts = paths.map((path) => readFileSync(path, 'utf8'));
  const set = namesIn(texts, PROCESS_ENV_WRITE);
  return [...namesIn(texts, PROCESS_ENV_READ)]
    .filter((name) => !set.has(name) && !SYSTEM_VARIABLES.has(name))
    .sort();
}

/** The README's `## Tests` section. */
function testingSection(readme: string): string {
  const start = readme.indexOf('\n## Tests\n');
  expect(start).toBeGreaterThan(0);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

const undocumented = (names: string[], text: string) =>
  names.filter((name) => !text.includes(`\`${name}\``));

describe('configuration', () => {
  const readme = readFileSync('README.md', 'utf8');

  it('documents every environment variable of loadConfig in the README', () => {
    expect(configVariables().length).toBeGreaterThan(10);
    expect(undocumented(configVariables(), readme)).toEqual([]);
  });

  it('documents every process.env variable of apps/ and libs/ in the README', () => {
    expect(applicationVariables()).toContain('NODE_ENV');
    expect(undocumented(applicationVariables(), readme)).toEqual([]);
  });

  it('documents every variable of the package.json scripts in the README', () => {
    expect(scriptVariables()).toContain('NODE_ENV');
    expect(undocumented(scriptVariables(), readme)).toEqual([]);
  });

  it("documents the tests' own variables in the README's testing section", () => {
    expect(testVariables()).toEqual(expect.arrayContaining(['TEST_DATABASE_URL', 'JEST_WORKERS']));
    expect(undocumented(testVariables(), testingSection(readme))).toEqual([]);
  });
});
