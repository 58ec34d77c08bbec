import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

/**
 * One door to PostgreSQL per purpose (docs/DEVELOPING.md, "The connection model"): each entry is a
 * way to open connections, the only files that may use it, and the door to use everywhere else.
 * Application code queries through TenantContext or SystemDatabase.
 */
const DATABASE_DOORS = [
  {
    selectors: [
      "Decorator[expression.callee.name='InjectDataSource']",
      "CallExpression[callee.name='getDataSourceToken']",
    ],
    allowedIn: [
      'libs/database/src/tenancy/tenant-context.ts',
      'libs/database/src/tenancy/system-database.ts',
    ],
    message:
      "Inject TenantContext (an organization's data, under row-level security) or SystemDatabase (across organizations, as the system role), not a DataSource: only those two classes hold one.",
  },
  {
    selectors: [
      "NewExpression[callee.name='Client']",
      "NewExpression[callee.property.name='Client']",
    ],
    allowedIn: [
      'libs/database/src/notifications/notified-cache.ts',
      'libs/database/src/server-admin.ts',
    ],
    message:
      "Query through TenantContext or SystemDatabase, not a pg Client of your own. A LISTEN session is NotifiedCache's (libs/database/src/notifications/notified-cache.ts); administering a server (probes, CREATE and DROP DATABASE) is withAdminClient's (libs/database/src/server-admin.ts).",
  },
  {
    selectors: ["NewExpression[callee.name='Pool']", "NewExpression[callee.property.name='Pool']"],
    allowedIn: [],
    message:
      "Query through TenantContext or SystemDatabase, not a pg Pool of your own: the application's two pools are DatabaseModule.forRoot's.",
  },
  {
    selectors: [
      "NewExpression[callee.name='PgBoss']",
      "NewExpression[callee.property.name='PgBoss']",
    ],
    allowedIn: ['libs/jobs/src/job-queue.ts'],
    message:
      "Inject JobQueue (libs/jobs/src/job-queue.ts), not a PgBoss of your own: pg-boss's pool is opened there only.",
  },
  {
    selectors: [
      "NewExpression[callee.name='DataSource']",
      "NewExpression[callee.property.name='DataSource']",
    ],
    allowedIn: ['libs/database/src/open-data-source.ts'],
    message:
      'Open a standalone DataSource with openDataSource(url, options) from @app/database (CLI, migrations, start-up work outside the modules); inside the application, inject TenantContext or SystemDatabase.',
  },
];

/** `no-restricted-syntax` with every door's restriction except `allowed`'s. */
function databaseDoors(allowed) {
  return [
    'error',
    ...DATABASE_DOORS.filter((door) => door !== allowed).flatMap(({ selectors, message }) =>
      selectors.map((selector) => ({ selector, message })),
    ),
  ];
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'libs/*/dist/**',
      // A separate project with its own tsconfig and dependencies (test/consumer installs them).
      'test/consumer/project/**',
      'node_modules/**',
      '.data/**',
      'coverage/**',
      '*.mjs',
      '*.cjs',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.strict,
  prettier,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: [
      'apps/cli/**/*.ts',
      'bench/**/*.ts',
      'libs/testing/**/*.ts',
      'test/**/*.ts',
      '**/*.spec.ts',
    ],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  { files: ['apps/**/*.ts', 'libs/**/*.ts'], rules: { 'no-restricted-syntax': databaseDoors() } },
  ...DATABASE_DOORS.filter((door) => door.allowedIn.length > 0).map((door) => ({
    files: door.allowedIn,
    rules: { 'no-restricted-syntax': databaseDoors(door) },
  })),
  {
    // Tooling, not production code: tests, the test kit, bench/ and scripts/ (the last two lie
    // outside apps/ and libs/ anyway) may open their own clients, pools and DataSources.
    files: ['**/*.spec.ts', 'libs/testing/**/*.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
