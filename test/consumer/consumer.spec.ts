import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { newOrgWithAdmin, TEST_PASSWORD, TestApp } from '@app/testing';
import { startTestApi } from '../../apps/api/test/test-api';

const run = promisify(execFile);
/** Jest runs from the repository's root. */
const ROOT = process.cwd();
const PROJECT_TEMPLATE = join(ROOT, 'test', 'consumer', 'project');

/** The version this repository installed, so the consumer's install comes from npm's cache. */
function installedVersion(name: string): string {
  return JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
}

/** `npm pack`s both packages (each builds first) into `directory`; the tarballs' paths. */
async function packPackages(directory: string): Promise<Record<string, string>> {
  const { stdout } = await run(
    'npm',
    [
      'pack',
      '--json',
      '--pack-destination',
      directory,
      '-w',
      'libs/contracts',
      '-w',
      'libs/client',
    ],
    { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
  );
  const packed = JSON.parse(stdout) as { name: string; filename: string }[];
  return Object.fromEntries(packed.map(({ name, filename }) => [name, join(directory, filename)]));
}

/**
 * A Nest service outside this repository (its own folder under the system's temporary one, with
 * no node_modules above it) that installs @assist/contracts and @assist/client from their
 * tarballs, builds with its own TypeScript, and drives a referral through the running API.
 */
describe('a Nest service installing the packed packages', () => {
  let api: TestApp;
  let workspace: string;
  let project: string;

  /** The service's own build (its src/type-checks.ts must not compile were the types `any`). */
  function compile(): Promise<{ stdout: string }> {
    return run(process.execPath, [join(project, 'node_modules/typescript/bin/tsc'), '-p', project]);
  }

  beforeAll(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'assist-consumer-'));
    project = join(workspace, 'service');
    cpSync(PROJECT_TEMPLATE, project, { recursive: true });
    const tarballs = await packPackages(workspace);
    const manifest = {
      name: 'referral-service',
      private: true,
      dependencies: {
        '@assist/contracts': `file:${tarballs['@assist/contracts']}`,
        '@assist/client': `file:${tarballs['@assist/client']}`,
        ...Object.fromEntries(
          ['@nestjs/common', '@nestjs/core', 'reflect-metadata', 'rxjs'].map((name) => [
            name,
            installedVersion(name),
          ]),
        ),
      },
      devDependencies: {
        typescript: installedVersion('typescript'),
        '@types/node': installedVersion('@types/node'),
      },
    };
    writeFileSync(join(project, 'package.json'), JSON.stringify(manifest, null, 2));
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: project,
    });
    await compile();
    api = await startTestApi();
    await api.app.listen(0, '127.0.0.1');
  }, 300_000);

  afterAll(async () => {
    await api?.close();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('builds against the packages’ declarations, and a wrong call fails the build', async () => {
    const mistake = join(project, 'src', 'mistake.ts');
    writeFileSync(
      mistake,
      "import { AssistClient } from '@assist/client';\n" +
        "export const call = (client: AssistClient) => client.getNeed({ needId: 'x' });\n",
    );
    try {
      const failure = await compile().then(
        () => null,
        (error: { stdout: string }) => error.stdout,
      );
      expect(failure).toMatch(/src\/mistake\.ts.*error TS2353: .*'needId'/);
    } finally {
      rmSync(mistake);
    }
  }, 120_000);

  it('logs in through AssistClientModule and refers a need: partner, public intake, list', async () => {
    const { org, admin } = await newOrgWithAdmin(api);
    const port = (api.app.getHttpServer().address() as AddressInfo).port;
    const { stdout } = await run(process.execPath, [join(project, 'dist', 'main.js')], {
      env: {
        PATH: process.env.PATH,
        ASSIST_URL: `http://127.0.0.1:${port}`,
        ASSIST_EMAIL: admin.email,
        ASSIST_PASSWORD: TEST_PASSWORD,
        ASSIST_ORGANIZATION_ID: org.id,
      },
    });
    const report = JSON.parse(stdout);
    expect(report.referenceNumber).toEqual(expect.any(String));
    expect(report.listed).toEqual([
      { id: expect.any(String), status: 'NEW', partnerId: report.partnerId },
    ]);
    expect(report.nextStatuses).toEqual(['ACCEPTED', 'IN_PROGRESS', 'DECLINED', 'CANCELLED']);
    expect(report.missingNeed).toEqual({ status: 404, code: 'not-found' });
  }, 120_000);
});
