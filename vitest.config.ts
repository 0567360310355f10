import { defineConfig, defineProject } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';

// One runner, four projects: the pure domain, the server (integration tests on a real
// database chosen by DATABASE_URL, PGlite in memory otherwise), the web app (happy-dom) and the
// repository's tooling (the lint rules proved on their fixtures).
const domain = defineProject({
  test: {
    name: 'domain',
    root: 'packages/domain',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});

const server = defineProject({
  test: {
    name: 'server',
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The files of a worker share one module graph instead of loading the server's modules
    // (fastify, better-auth, drizzle's tables, PGlite) again for each of the 111 files: the
    // suite took 272 s on PGlite (127 s of it importing) and 167 s without; 146 s on
    // PostgreSQL. Tests stay apart: each file opens its own database and its own app, and no
    // server test mocks a module, stubs a global or changes the environment (were one to,
    // it would leak into the next file of its worker and must set this back to true).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Scans every test app's log lines when the run ends (no e-mails, tokens, query values), and
    // gives the run one scratch folder, removed at its end (src/test/scratch.ts).
    globalSetup: ['./src/test/log-scan.global.ts', './src/test/scratch.global.ts'],
  },
});

const tooling = defineProject({
  test: {
    name: 'tooling',
    root: '.',
    include: ['scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

const web = defineProject({
  resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
  test: {
    name: 'web',
    root: 'apps/web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    // A test's own limit, above the 5 s its waits may take on a loaded machine (setup.ts).
    testTimeout: 20_000,
  },
});

export default defineConfig({
  test: {
    // One test file per core, not vitest's default of one core less: the server's files spend
    // much of their time waiting on PostgreSQL (another process) or in PGlite's own work, and
    // each file has its own database, so they run side by side (the server suite: 435 s instead
    // of about 650 s on PGlite, on 2 cores).
    maxWorkers: availableParallelism(),
    // With DATABASE_URL, the run is the server's suite on that PostgreSQL: the only suite that opens
    // a database. The domain, web and tooling suites never do; the plain `npm test` runs them, and
    // CI runs them there — again on PostgreSQL they would repeat ~3 minutes (190 s on 2 cores) to
    // show nothing new.
    projects: process.env.DATABASE_URL ? [server] : [domain, server, tooling, web],
  },
});
