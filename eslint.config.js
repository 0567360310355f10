// Lint rules that keep the architecture honest (ARCHITECTURE.md "Rules of dependency direction").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const resolver = createTypeScriptImportResolver({
  project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json', 'packages/domain/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
  noWarnOnMultipleProjects: true,
});

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/drizzle/meta/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [resolver],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/resolver': { typescript: { project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json', 'packages/domain/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'], noWarnOnMultipleProjects: true } },
      'boundaries/include': ['packages/**/*', 'apps/**/*', 'e2e/**/*', 'bench/**/*'],
      'boundaries/elements': [
        { type: 'domain', pattern: 'packages/domain/src/**/*', mode: 'full' },
        { type: 'server', pattern: 'apps/server/**/*', mode: 'full' },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'web-app', pattern: 'apps/web/src/app/**/*', mode: 'full' },
        { type: 'web-entry', pattern: 'apps/web/src/main.tsx', mode: 'full' },
        { type: 'web-shared', pattern: 'apps/web/src/**/*', mode: 'full' },
        { type: 'web-config', pattern: 'apps/web/*', mode: 'full' },
        { type: 'e2e', pattern: 'e2e/**/*', mode: 'full' },
        { type: 'bench', pattern: 'bench/**/*', mode: 'full' },
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message: '${file.type} must not import ${dependency.type} (ARCHITECTURE.md, dependency direction)',
          rules: [
            { from: 'domain', allow: ['domain'] },
            { from: 'server', allow: ['domain', 'server'] },
            // Features never import each other; app/ composes them.
            { from: 'web-feature', allow: ['domain', 'web-shared', ['web-feature', { feature: '${from.feature}' }]] },
            { from: 'web-app', allow: ['domain', 'web-shared', 'web-feature', 'web-app'] },
            { from: 'web-shared', allow: ['domain', 'web-shared'] },
            { from: 'web-entry', allow: ['domain', 'web-shared', 'web-app'] },
            { from: 'web-config', allow: ['domain', 'web-shared', 'web-app', 'web-feature'] },
            { from: 'e2e', allow: ['domain', 'e2e'] },
            // The chart-draw bench mounts the web app's real chart component.
            { from: 'bench', allow: ['domain', 'bench', 'server', 'web-shared'] },
          ],
        },
      ],
    },
  },
  {
    // The domain is pure: zod and itself, no Node, no DOM, no frameworks.
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\.{1,2}/|@glucosuivi/domain/).*', message: 'packages/domain imports only zod and itself.' }] },
      ],
    },
  },
  {
    // Services get their effects passed in: no HTTP framework, no database client, no queries.
    files: ['apps/server/src/features/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['fastify', 'pg', '@electric-sql/pglite', 'drizzle-orm'],
          patterns: [{ group: ['**/*.repository', '!./*.repository'], message: "Call another feature's service, never its repository." }],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
