import { ESLint } from 'eslint';

/**
 * Production code reaches PostgreSQL through one door per purpose (docs/DEVELOPING.md, "The
 * connection model"), kept by `no-restricted-syntax` in eslint.config.mjs: each way of opening
 * connections is reported everywhere in apps/ and libs/ but in its own file. Type information is
 * switched off here: the rules are syntactic, and the project service refuses the planted files,
 * which exist nowhere on disk.
 */
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

const PLANTED = {
  pgBoss: `import { PgBoss } from 'pg-boss';
export const boss = new PgBoss({ connectionString: 'postgres://localhost/assist' });
`,
  client: `import { Client } from 'pg';
export const client = new Client({ connectionString: 'postgres://localhost/assist' });
`,
  pool: `import pg from 'pg';
export const pool = new pg.Pool({ connectionString: 'postgres://localhost/assist' });
`,
  injectDataSource: `import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

@Injectable()
export class Planted {
  constructor(@InjectDataSource() readonly dataSource: DataSource) {}
}
`,
  dataSource: `import { DataSource } from 'typeorm';
export const dataSource = new DataSource({ type: 'postgres', url: 'postgres://localhost/assist' });
`,
};

/** The messages of `no-restricted-syntax` for `code` linted as if it were `filePath`. */
async function restrictions(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  expect(result.messages.filter((message) => message.fatal)).toEqual([]);
  return result.messages
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message);
}

/** The message eslint.config.mjs gives for `selector` in production code. */
async function messageOf(selector: string): Promise<string> {
  const config = (await eslint.calculateConfigForFile('libs/database/src/planted.ts')) as {
    rules: Record<string, unknown[]>;
  };
  const entries = config.rules['no-restricted-syntax'].slice(1) as {
    selector: string;
    message: string;
  }[];
  const entry = entries.find((candidate) => candidate.selector === selector);
  if (!entry) throw new Error(`eslint.config.mjs restricts no ${selector}`);
  return entry.message;
}

describe('the doors to PostgreSQL (eslint.config.mjs)', () => {
  it.each([
    {
      what: 'new PgBoss',
      code: PLANTED.pgBoss,
      selector: "NewExpression[callee.name='PgBoss']",
      door: 'JobQueue',
      elsewhere: 'libs/database/src/organization/planted.ts',
      allowed: ['libs/jobs/src/job-queue.ts'],
    },
    {
      what: 'new Client',
      code: PLANTED.client,
      selector: "NewExpression[callee.name='Client']",
      door: 'NotifiedCache',
      elsewhere: 'libs/database/src/member/planted.ts',
      allowed: [
        'libs/database/src/notifications/notified-cache.ts',
        'libs/database/src/server-admin.ts',
      ],
    },
    {
      what: '@InjectDataSource()',
      code: PLANTED.injectDataSource,
      selector: "Decorator[expression.callee.name='InjectDataSource']",
      door: 'SystemDatabase',
      elsewhere: 'libs/database/src/rate-limit/planted.ts',
      allowed: [
        'libs/database/src/tenancy/tenant-context.ts',
        'libs/database/src/tenancy/system-database.ts',
      ],
    },
    {
      what: 'new DataSource',
      code: PLANTED.dataSource,
      selector: "NewExpression[callee.name='DataSource']",
      door: 'openDataSource',
      elsewhere: 'apps/cli/src/planted.ts',
      allowed: ['libs/database/src/open-data-source.ts'],
    },
  ])('reports $what outside its one file, naming the door', async (door) => {
    const message = await messageOf(door.selector);
    expect(message).toContain(door.door);
    expect(await restrictions(door.code, door.elsewhere)).toEqual([message]);
    for (const allowed of door.allowed) expect(await restrictions(door.code, allowed)).toEqual([]);
  });

  it('reports a pg Pool anywhere in apps/ and libs/', async () => {
    const message = await messageOf("NewExpression[callee.property.name='Pool']");
    expect(await restrictions(PLANTED.pool, 'apps/api/src/planted.ts')).toEqual([message]);
    expect(await restrictions(PLANTED.pool, 'libs/jobs/src/job-queue.ts')).toEqual([message]);
  });

  it("lets a door's file use that door only", async () => {
    expect(
      await restrictions(PLANTED.pgBoss, 'libs/database/src/notifications/notified-cache.ts'),
    ).toEqual([await messageOf("NewExpression[callee.name='PgBoss']")]);
  });

  it('leaves tooling alone: specs and the test kit open their own connections', async () => {
    for (const code of Object.values(PLANTED)) {
      expect(await restrictions(code, 'libs/database/src/member/planted.spec.ts')).toEqual([]);
      expect(await restrictions(code, 'libs/testing/src/planted.ts')).toEqual([]);
    }
  });
});
