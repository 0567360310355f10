import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { parseEnv } from './config/env';
import { systemClock } from './platform/clock';
import { DataDirLockedError, lockDataDir } from './platform/db/data-dir-lock';
import { openDatabase } from './platform/db/open-database';
import { migrate } from './platform/db/migrate';
import { loggerOptions } from './platform/logger';

// Works both from the bundle (apps/server/dist/main.js) and from source (apps/server/src/main.ts).
const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const migrationsFolder = resolve(serverRoot, 'drizzle');
const webDist = resolve(serverRoot, '../web/dist');

async function main() {
  const parsed = parseEnv(process.env);
  if (!parsed.ok) {
    console.error(`GlucoSuivi cannot start: the environment is invalid.\n${parsed.problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  const env = parsed.env;
  const version = (JSON.parse(readFileSync(resolve(serverRoot, 'package.json'), 'utf8')) as { version: string }).version;

  let releaseLock: () => void = () => undefined;
  if (!env.DATABASE_URL) {
    const { mkdirSync } = await import('node:fs');
    mkdirSync(env.DATA_DIR, { recursive: true });
    try {
      releaseLock = lockDataDir(env.DATA_DIR);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }

  const startedAt = performance.now();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const { wasNew } = await migrate(database, migrationsFolder);

  const app = await buildApp({
    database,
    clock: systemClock,
    migrationsFolder,
    version,
    webDist,
    logger: loggerOptions(env.LOG_LEVEL, env.LOG_PRETTY ?? env.NODE_ENV === 'development'),
    secure: env.PUBLIC_URL?.startsWith('https://') ?? false,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      // A second Ctrl-C means "now".
      process.exit(130);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s, exiting');
      releaseLock();
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      releaseLock();
      clearTimeout(force);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const where = env.DATABASE_URL ? 'PostgreSQL' : `PGlite (${env.DATA_DIR})`;
  app.log.info(
    { engine: database.engine, newDatabase: wasNew, readyInMs: Math.round(performance.now() - startedAt) },
    `GlucoSuivi ready on http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT} — database: ${where}`,
  );
}

main().catch((error: unknown) => {
  console.error('GlucoSuivi failed to start:', error);
  process.exit(1);
});
