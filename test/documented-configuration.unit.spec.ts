import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const CONFIG_SOURCES = 'libs/config/src';

/** Every environment variable loadConfig reads, from its `readX(env, 'NAME', ...)` calls. */
function variablesRead(): string[] {
  const names = new Set<string>();
  for (const file of readdirSync(CONFIG_SOURCES).filter((name) => !name.endsWith('.spec.ts'))) {
    const source = readFileSync(join(CONFIG_SOURCES, file), 'utf8');
    for (const [, name] of source.matchAll(/read\w+\(\s*env,\s*'([A-Z][A-Z0-9_]+)'/g))
      names.add(name);
  }
  return [...names].sort();
}

describe('configuration', () => {
  it('documents every environment variable in the README', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(variablesRead().length).toBeGreaterThan(10);
    expect(variablesRead().filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });
});
