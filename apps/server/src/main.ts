import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { buildAppWithServices } from './app';
import { createMailer } from './platform/mail';
import { seedDemo } from './features/demo/demo.seed';
import { parseEnv, type Env } from './config/env';
import { systemClock } from './platform/clock';
import { DataDirLockedError, lockDataDir } from './platform/db/data-dir-lock';
import { openDatabase } from './platform/db/open-database';
import type { Database } from './platform/db/database';
import type { FastifyInstance } from 'fastify';
import { connectionFailure, connectionFailureLine, startupLanguage } from './platform/db/connection-error';
import { checkAuthSecret, secretMismatchLine } from './platform/db/secret-fingerprint';
import { migrate } from './platform/db/migrate';
import { loggerOptions } from './platform/logger';
import { createInProcessEventBus, type EventBus } from './platform/events/event-bus';
import { createPostgresEventBus } from './platform/events/postgres-event-bus';
import { copyPgliteTemplate } from './platform/db/pglite-template';
import { createJobWorker, type JobWorker } from './platform/jobs/job-worker';
import { loadVapidKeys, VapidKeysError } from './platform/push/vapid-keys';
import { createWebPushSender } from './platform/push/web-push-sender';

// Works both from the bundle (apps/server/dist/main.js) and from source (apps/server/src/main.ts).
const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const migrationsFolder = resolve(serverRoot, 'drizzle');
const defaultWebDist = resolve(serverRoot, '../web/dist');
// The web build's app for rendering signed-in pages (scripts/prerender.mjs), run by this worker.
const pageRenderWorker = existsSync(resolve(serverRoot, '../web/dist-ssr/prerender.js')) ? resolve(serverRoot, '../web/ssr/page-render-worker.mjs') : undefined;
// Made by the build (scripts/pglite-template.mjs): a migrated embedded database to copy.
const pgliteTemplate = resolve(serverRoot, 'dist/pglite-template');
const JOB_POLL_MS = 1000;

async function main() {
  const parsed = parseEnv(process.env);
  if (!parsed.ok) {
    console.error(`GlucoSuivi cannot start: the environment is invalid.\n${parsed.problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  const env = parsed.env;
  const version = (JSON.parse(readFileSync(resolve(serverRoot, 'package.json'), 'utf8')) as { version: string }).version;

  const releaseLock = lockDataDirOrExit(env);
  const vapid = vapidKeysOrExit(env, releaseLock);

  const startedAt = performance.now();
  const phases = startupPhases();
  const opened = await openAndMigrate(env.DATABASE_URL, env.DATA_DIR, phases).catch((error: unknown) => {
    // An unreachable or misconfigured PostgreSQL is a setup problem: one line that says what to
    // fix, not the driver's stack trace.
    const failure = env.DATABASE_URL ? connectionFailure(error, env.DATABASE_URL) : undefined;
    if (!failure) throw error;
    console.error(connectionFailureLine(failure, startupLanguage(process.env)));
    releaseLock();
    process.exit(1);
  });
  const { database, wasNew } = opened;
  const authSecret = env.AUTH_SECRET ?? persistentSecret(env.DATA_DIR);
  await refuseAnotherSecret(env, database, authSecret, releaseLock);

  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  // Several servers may share a PostgreSQL database: events reach them all through LISTEN/NOTIFY.
  // PGlite is one process by construction (data-dir lock), so events stay in it.
  // The bus starts before the app that owns the logger; nothing is published before the app exists.
  const eventLog = laterLogger();
  // The push sender, like the event bus, exists before the app that owns the logger.
  const pushLog = laterLogger();
  const push = createWebPushSender({ ...vapid, allowHttp: env.PUSH_ALLOW_HTTP, log: pushLog });
  let events: EventBus;
  if (env.DATABASE_URL) {
    const shared = createPostgresEventBus({ databaseUrl: env.DATABASE_URL, log: eventLog });
    await shared.ready();
    events = shared;
  } else {
    events = createInProcessEventBus(eventLog);
  }
  const { app, accountsDeps, jobs } = await buildAppWithServices({
    events,
    database,
    clock: systemClock,
    migrationsFolder,
    version,
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : defaultWebDist,
    pageRenderWorker,
    pageRenderTimeoutMs: env.PAGE_RENDER_TIMEOUT_MS,
    logger: loggerOptions(env.LOG_LEVEL, env.LOG_PRETTY ?? env.NODE_ENV === 'development'),
    secure: publicUrl.startsWith('https://'),
    mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: resolve(env.DATA_DIR, 'outbox') }),
    push,
    authSecret,
    publicUrl,
    trustedOrigins: [`http://127.0.0.1:${env.PORT}`, `http://localhost:${env.PORT}`, 'http://localhost:5173', 'http://127.0.0.1:5173'],
    adminEmails: env.ADMIN_EMAILS.split(',').map((e) => e.trim()).filter(Boolean),
    limits: { signUpPerHour: env.AUTH_SIGNUP_PER_HOUR, signInPer15Min: env.AUTH_SIGNIN_PER_15_MIN },
    trustProxy: env.TRUST_PROXY,
    reminderScheduleEveryMs: env.REMINDER_SCHEDULE_EVERY_MS,
    // A followed Nightscout site on this machine over plain http: tests and development only.
    nightscoutFollow: { allowLoopback: env.NODE_ENV !== 'production' },
    appointments: { videoBaseUrl: env.VIDEO_BASE_URL, cancelHours: env.APPOINTMENT_CANCEL_HOURS },
    legalAddress: env.LEGAL_ADDRESS,
    payments: env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiBase: env.STRIPE_API_BASE } : undefined,
  });
  phases.mark('app');

  eventLog.to = app.log;
  pushLog.to = app.log.child({ component: 'push' });
  if (env.DATABASE_URL && vapid.source !== 'env') {
    // Browsers subscribe to one public key: servers that do not share DATA_DIR would each sign with their own.
    app.log.warn({}, 'VAPID keys come from DATA_DIR/vapid.json: with several servers on this database, set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
  }

  if (wasNew && env.SEED_DEMO) {
    const seeded = await seedDemo({ accountsDeps, database, dataDir: env.DATA_DIR, adminEmail: env.ADMIN_EMAILS.split(',')[0]!.trim(), now: new Date(), videoBaseUrl: env.VIDEO_BASE_URL });
    console.log(seeded.announcement);
    phases.mark('seed');
  }
  // Every server runs a worker: jobs are claimed with SKIP LOCKED, so servers share the queue
  // without taking the same job (ADR 0010).
  const worker = createJobWorker({ database, handlers: jobs.handlers, clock: systemClock, log: app.log.child({ component: 'jobs' }), pollMs: JOB_POLL_MS, concurrency: env.JOB_CONCURRENCY, leaseMs: env.JOB_LEASE_MS });
  for (const { name, everyMs } of jobs.schedules) worker.schedule(name, everyMs);

  stopOnSignals({ app, worker, events, database, releaseLock });

  await app.listen({ port: env.PORT, host: env.HOST });
  phases.mark('listen');
  // Its first poll (the schedules' slots, the jobs due: a new demo's alerts to deliver) comes
  // one poll interval after listening, rather than holding the embedded database while the first
  // requests arrive.
  setTimeout(() => worker.start(), JOB_POLL_MS).unref();
  const where = env.DATABASE_URL ? 'PostgreSQL' : `PGlite (${env.DATA_DIR})`;
  app.log.info(
    { engine: database.engine, newDatabase: wasNew, readyInMs: Math.round(performance.now() - startedAt), startupMs: phases.done() },
    `GlucoSuivi ready on http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT} — database: ${where}`,
  );
}

/**
 * Where a start spends its time, in ms per phase since the process began: `modules` (Node's own
 * start, `npm start`'s checks and loading the code), `open`, `migrate`, `app`, `seed` (a new
 * database only), `listen`. `npm start` adds its own checks (`deps`, `build`) through
 * GLUCOSUIVI_START_PHASES. Logged with "ready" for the cold-start benchmark.
 */
function startupPhases() {
  const phases: Record<string, number> = {};
  try {
    Object.assign(phases, JSON.parse(process.env.GLUCOSUIVI_START_PHASES ?? '{}') as Record<string, number>);
  } catch {
    // Not ours to judge: the breakdown only lacks the launcher's part.
  }
  let last = performance.now();
  phases.modules = Math.round(last - Object.values(phases).reduce((sum, ms) => sum + ms, 0));
  return {
    mark(name: string) {
      const now = performance.now();
      phases[name] = Math.round(now - last);
      last = now;
    },
    done: () => ({ ...phases, total: Math.round(performance.now()) }),
  };
}

/** A second start on the same embedded database refuses with the holder's pid (PostgreSQL needs no lock). */
function lockDataDirOrExit(env: Env): () => void {
  mkdirSync(env.DATA_DIR, { recursive: true });
  if (env.DATABASE_URL) return () => undefined;
  try {
    return lockDataDir(env.DATA_DIR);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function vapidKeysOrExit(env: Env, releaseLock: () => void): ReturnType<typeof loadVapidKeys> {
  try {
    return loadVapidKeys({
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
      subject: env.VAPID_SUBJECT ?? `mailto:${env.ADMIN_EMAILS.split(',')[0]!.trim()}`,
      dataDir: env.DATA_DIR,
    });
  } catch (error) {
    if (!(error instanceof VapidKeysError)) throw error;
    console.error(`GlucoSuivi cannot start: ${error.message}`);
    releaseLock();
    process.exit(1);
  }
}

/** A logger for parts made before the app that owns the real one; it forwards once `to` is set. */
function laterLogger(): { to?: { warn(obj: object, msg: string): void }; warn(obj: object, msg: string): void } {
  return {
    warn(obj, msg) {
      this.to?.warn(obj, msg);
    },
  };
}

interface Running {
  app: FastifyInstance;
  worker: JobWorker;
  events: EventBus;
  database: Database;
  releaseLock: () => void;
}

/** Ctrl-C / SIGTERM: stop taking jobs, drain HTTP and running jobs, then close the bus, the pool and the lock. */
function stopOnSignals({ app, worker, events, database, releaseLock }: Running): void {
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
      // No job starts from here on; the running ones finish while the HTTP server drains, and
      // both before the database closes.
      const workerStopped = worker.stop();
      await app.close();
      await workerStopped;
      await events.close();
      await database.close();
    } finally {
      releaseLock();
      clearTimeout(force);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

async function openAndMigrate(databaseUrl: string | undefined, dataDir: string, phases: ReturnType<typeof startupPhases>) {
  // A new embedded database starts from the build's migrated copy when it matches the migrations.
  const fromTemplate = !databaseUrl && copyPgliteTemplate({ templateDir: pgliteTemplate, dataDir, migrationsFolder });
  const database = await openDatabase({ databaseUrl, dataDir });
  phases.mark('open');
  try {
    const { wasNew } = await migrate(database, migrationsFolder);
    phases.mark('migrate');
    return { database, wasNew: fromTemplate || wasNew };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Several servers on one PostgreSQL must share AUTH_SECRET: one whose secret's fingerprint is not
 * the one stored stops with one line. A deliberate change is said explicitly (AUTH_SECRET_ROTATE)
 * rather than guessed from which servers seem alive: a server merely restarting late would
 * otherwise win over the others. PGlite is one server by its lock: nothing to compare with.
 */
async function refuseAnotherSecret(env: Env, database: Database, secret: string, releaseLock: () => void): Promise<void> {
  if (!env.DATABASE_URL) return;
  const check = await checkAuthSecret(database.db, secret, { rotate: env.AUTH_SECRET_ROTATE, now: new Date() });
  if (check === 'replaced') console.warn('AUTH_SECRET_ROTATE: the stored AUTH_SECRET fingerprint was replaced by this server’s.');
  if (check !== 'different') return;
  console.error(secretMismatchLine(startupLanguage(process.env)));
  await database.close().catch(() => undefined);
  releaseLock();
  process.exit(1);
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
