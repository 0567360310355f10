// Lint rules that keep the architecture honest (ARCHITECTURE.md "Rules of dependency direction").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// Every element type of the server, for the callers allowed to reach any of it (tests, benchmarks).
const SERVER_TYPES = ['server-test', 'server-platform', 'server-routes', 'server-service', 'server-repository', 'server-tables', 'server-emails', 'server-jobs', 'server-seed', 'server-subscribers', 'server-feature-part', 'server-app', 'server-other'];

const resolver = createTypeScriptImportResolver({
  project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json', 'packages/domain/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
  noWarnOnMultipleProjects: true,
});

export default tseslint.config(
  {
    // eslint-fixtures/ holds files that must FAIL these rules; scripts/lint-rules.test.ts lints them.
    ignores: ['eslint-fixtures/**', '**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'data/**', '**/drizzle/meta/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'],
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
      // Exports `from` another module are dependencies too, so a re-export cannot smuggle a
      // repository past the rules below.
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
      // Every pattern is matched against the whole path (mode full), so the FIRST element in this
      // list that matches a file gives its type: specific elements come before the catch-alls.
      'boundaries/elements': [
        { type: 'domain', pattern: 'packages/domain/src/**/*', mode: 'full' },
        // Server. Tests and test helpers may reach anything in the server.
        { type: 'server-test', pattern: ['apps/server/src/**/*.test.ts', 'apps/server/src/test/**/*'], mode: 'full' },
        { type: 'server-platform', pattern: 'apps/server/src/platform/**/*', mode: 'full' },
        { type: 'server-routes', pattern: 'apps/server/src/features/*/*.routes.ts', mode: 'full', capture: ['feature'] },
        { type: 'server-service', pattern: 'apps/server/src/features/*/*.service.ts', mode: 'full', capture: ['feature'] },
        { type: 'server-repository', pattern: 'apps/server/src/features/*/*.repository.ts', mode: 'full', capture: ['feature'] },
        { type: 'server-tables', pattern: 'apps/server/src/features/*/*.tables.ts', mode: 'full', capture: ['feature'] },
        { type: 'server-emails', pattern: 'apps/server/src/features/*/*.emails.ts', mode: 'full', capture: ['feature'] },
        { type: 'server-jobs', pattern: 'apps/server/src/features/*/*.jobs.ts', mode: 'full', capture: ['feature'] },
        { type: 'server-seed', pattern: 'apps/server/src/features/*/*.seed.ts', mode: 'full', capture: ['feature'] },
        // What a feature does when a domain event arrives (registered by app.ts, ADR 0007).
        { type: 'server-subscribers', pattern: 'apps/server/src/features/*/*.subscribers.ts', mode: 'full', capture: ['feature'] },
        // The rest of a feature folder: pure helpers of its service (texts, PDF, CSV, password
        // strength, the dashboard cache) and the auth adapter.
        { type: 'server-feature-part', pattern: 'apps/server/src/features/*/**/*', mode: 'full', capture: ['feature'] },
        { type: 'server-app', pattern: ['apps/server/src/app.ts', 'apps/server/src/app-jobs.ts', 'apps/server/src/app-subscribers.ts', 'apps/server/src/main.ts', 'apps/server/src/admin-create.ts', 'apps/server/src/config/**/*'], mode: 'full' },
        { type: 'server-other', pattern: 'apps/server/**/*', mode: 'full' },
        // Web.
        { type: 'web-feature', pattern: 'apps/web/src/features/*/**/*', mode: 'full', capture: ['feature'] },
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
            // Server: routes -> service -> repository -> tables/platform. A feature's repository is
            // reached only from its own service (and tests); tables may be joined by any repository.
            { from: 'server-platform', allow: ['domain', 'server-platform'] },
            { from: 'server-tables', allow: ['domain', 'server-platform', 'server-tables'] },
            { from: 'server-repository', allow: ['domain', 'server-platform', 'server-tables'] },
            { from: 'server-emails', allow: ['domain', 'server-platform'] },
            {
              from: 'server-service',
              allow: [
                'domain',
                'server-platform',
                'server-service',
                'server-feature-part',
                ['server-repository', { feature: '${from.feature}' }],
                ['server-emails', { feature: '${from.feature}' }],
              ],
            },
            // A route may also hand its own feature's helpers (cache, PDF, CSV) what the service returned.
            {
              from: 'server-routes',
              allow: ['domain', 'server-platform', ['server-service', { feature: '${from.feature}' }], ['server-feature-part', { feature: '${from.feature}' }]],
            },
            {
              from: 'server-subscribers',
              allow: ['domain', 'server-platform', 'server-service', ['server-feature-part', { feature: '${from.feature}' }]],
            },
            { from: 'server-jobs', allow: ['domain', 'server-platform', 'server-service'] },
            // The demo seed writes through services; it reads the doctors table to find its demo professional,
            // and composes the features' own demo content (the forum's threads).
            { from: 'server-seed', allow: ['domain', 'server-platform', 'server-service', 'server-tables', 'server-seed'] },
            { from: 'server-feature-part', allow: ['domain', 'server-platform', 'server-tables', ['server-feature-part', { feature: '${from.feature}' }]] },
            {
              from: 'server-app',
              allow: ['domain', 'server-app', 'server-platform', 'server-routes', 'server-service', 'server-jobs', 'server-seed', 'server-subscribers', 'server-feature-part'],
            },
            { from: 'server-test', allow: ['domain', ...SERVER_TYPES] },
            { from: 'server-other', allow: ['domain', 'server-other', 'server-platform', 'server-tables'] },
            // Features never import each other; app/ composes them.
            { from: 'web-feature', allow: ['domain', 'web-shared', ['web-feature', { feature: '${from.feature}' }]] },
            { from: 'web-app', allow: ['domain', 'web-shared', 'web-feature', 'web-app'] },
            { from: 'web-shared', allow: ['domain', 'web-shared'] },
            { from: 'web-entry', allow: ['domain', 'web-shared', 'web-app'] },
            { from: 'web-config', allow: ['domain', 'web-shared', 'web-app', 'web-feature'] },
            { from: 'e2e', allow: ['domain', 'e2e'] },
            // The triage bench times the doctor repository's query; the chart-draw bench mounts the web app's real chart component.
            { from: 'bench', allow: ['domain', 'bench', 'web-shared', ...SERVER_TYPES] },
          ],
        },
      ],
    },
  },
  {
    // The domain is pure: zod, rrule (RFC 5545 expansion), temporal-polyfill (time zones) and itself; no Node, no DOM, no frameworks.
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|rrule$|temporal-polyfill$|\\.{1,2}/|@glucosuivi/domain/).*', message: 'packages/domain imports only zod, rrule, temporal-polyfill and itself.' }] },
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
    // A repository's queries leave it only through its own feature's service, by call: a re-export
    // would hand them to any importer of the re-exporting file without the boundaries rule seeing it.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportNamedDeclaration[source.value=/\\.repository(\\.[jt]s)?$/], ExportAllDeclaration[source.value=/\\.repository(\\.[jt]s)?$/]',
          message: 'Never re-export a repository: its queries are reached only by calling its own service.',
        },
      ],
    },
  },
  {
    // The server's test files share their worker's modules (vitest.config.ts, isolate: false): a
    // mocked module, a stubbed global or a changed environment would leak into the next file.
    // (Only test files: the other server files have their own no-restricted-syntax above.)
    files: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'hoisted', 'stubEnv', 'stubGlobal', 'useFakeTimers'].map((property) => ({
          object: 'vi',
          property,
          message: 'Server test files share their modules (vitest.config.ts): pass a fake in as an effect instead.',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'AssignmentExpression > MemberExpression.left[object.type="MemberExpression"][object.object.name="process"][object.property.name="env"]',
          message: 'Server test files share their process (vitest.config.ts): pass configuration in, never change process.env.',
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
