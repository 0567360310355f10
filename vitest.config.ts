import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// One runner, four projects: the pure domain, the server (integration tests on a real
// database chosen by DATABASE_URL, PGlite in memory otherwise), the web app (happy-dom) and the
// repository's tooling (the lint rules proved on their fixtures).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Scans every test app's log lines when the run ends (no e-mails, tokens, query values).
          globalSetup: ['./src/test/log-scan.global.ts'],
        },
      },
      {
        test: {
          name: 'tooling',
          root: '.',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
