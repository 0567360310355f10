import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { buildAppWithServices } from './app';
import { createMailer } from './platform/mail';
import { seedDemo } from './features/demo/demo.seed';
import { startAccountErasureJob } from './features/accounts/accounts.jobs';
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
  mkdirSync(env.DATA_DIR, { recursive: true });
  if (!env.DATABASE_URL) {
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

  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const { app, accounts } = await buildAppWithServices({
    database,
    clock: systemClock,
    migrationsFolder,
    version,
    webDist,
    logger: loggerOptions(env.LOG_LEVEL, env.LOG_PRETTY ?? env.NODE_ENV === 'development'),
    secure: publicUrl.startsWith('https://'),
    mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: resolve(env.DATA_DIR, 'outbox') }),
    authSecret: env.AUTH_SECRET ?? persistentSecret(env.DATA_DIR),
    publicUrl,
    trustedOrigins: [`http://127.0.0.1:${env.PORT}`, `http://localhost:${env.PORT}`, 'http://localhost:5173', 'http://127.0.0.1:5173'],
    adminEmails: env.ADMIN_EMAILS.split(',').map((e) => e.trim()).filter(Boolean),
    limits: { signUpPerHour: env.AUTH_SIGNUP_PER_HOUR },
  });

  if (wasNew && env.SEED_DEMO) {
    const seeded = await seedDemo({ accounts, database, dataDir: env.DATA_DIR, adminEmail: env.ADMIN_EMAILS.split(',')[0]!.trim(), now: new Date() });
    console.log(seeded.announcement);
  }
  const stopErasureJob = startAccountErasureJob(accounts, app.log);

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
      stopErasureJob();
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

/** A random secret kept in DATA_DIR so sessions survive restarts when AUTH_SECRET is not set. */
function persistentSecret(dataDir: string): string {
  const file = resolve(dataDir, 'auth-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

main().catch((error: unknown) => {
  console.error('GlucoSuivi failed to start:', error);
  process.exit(1);
});
