import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

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
);
