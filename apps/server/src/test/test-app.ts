import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildAppWithServices, type AppDeps } from '../app';
import type { AccountsDeps } from '../features/accounts/accounts.service';
import type { DashboardCache } from '../features/measurements/dashboard-cache';
import type { EventBus } from '../platform/events/event-bus';
import { fixedClock } from '../platform/clock';
import { createTestDatabase, MIGRATIONS_FOLDER, type TestDatabase } from './test-database';
import type { MailMessage } from '../platform/mail';
import { loggerOptions } from '../platform/logger';
import { createLogCapture } from './log-capture';
import { createJobWorker, type JobWorker } from '../platform/jobs/job-worker';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  clock: ReturnType<typeof fixedClock>;
  /** E-mails the app sent (unless a real mailer was passed). */
  sent: MailMessage[];
  /** The app's log lines (pino JSON, level debug), unless a logger was passed. */
  logs: string[];
  events: EventBus;
  dashboardCache: DashboardCache;
  /** What jobs get (the account erasure job, for erasure tests). */
  accountsDeps: AccountsDeps;
  /**
   * A job worker with the app's handlers and recurring jobs on the test clock, never started:
   * a test advances `clock` and calls `jobs.runDue()`.
   */
  jobs: JobWorker;
  close(): Promise<void>;
}

/** The test app's public origin: requests from its own pages carry it as `Origin`. */
export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * Makes `app.inject` behave like the app's own pages in a browser, which always send `Origin` on
 * a state-changing request, so feature tests need not repeat it. A test that passes an `origin`
 * header keeps it; `origin: undefined` sends none (for the origin check's own tests).
 */
export function sendOriginByDefault(app: FastifyInstance, origin: string) {
  const inject = app.inject.bind(app) as (options?: unknown) => unknown;
  const withOrigin = (options: InjectOptions | string): InjectOptions | string => {
    if (typeof options === 'string') return options;
    const headers = { ...(options.headers ?? {}) } as Record<string, unknown>;
    if (!('origin' in headers)) headers.origin = origin;
    else if (headers.origin === undefined) delete headers.origin;
    return { ...options, headers: headers as InjectOptions['headers'] };
  };
  (app as { inject: unknown }).inject = (options?: InjectOptions | string) =>
    options === undefined ? inject() : inject(withOrigin(options));
}

/** The whole application on a fresh database, for `inject()`; never listens. */
export async function createTestApp(overrides: Partial<AppDeps> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = fixedClock(new Date('2026-11-02T09:00:00Z'));
  const sent: MailMessage[] = [];
  // The production logger settings (serializers, redaction), at the most talkative level.
  const capture = createLogCapture();
  const { app, events, dashboardCache, accountsDeps, jobs: definitions } = await buildAppWithServices({
    database,
    clock,
    migrationsFolder: MIGRATIONS_FOLDER,
    version: 'test',
    mailer: { send: async (message) => void sent.push(message) },
    authSecret: 'test-secret-test-secret-test-secret-0123456789',
    publicUrl: TEST_ORIGIN,
    adminEmails: ['admin@glucosuivi.fr'],
    logger: { ...loggerOptions('debug', false), stream: capture.stream },
    // Feature tests send bursts on a machine busy with other test files and are about
    // correctness: the queue keeps its order but never sheds them. Its limits have their own
    // tests (platform/http/admission.int.test.ts).
    admission: { concurrency: 16, maxQueue: 10_000, maxWaitMs: 10 * 60_000 },
    ...overrides,
  });
  await app.ready();
  sendOriginByDefault(app, TEST_ORIGIN);
  const jobs = createJobWorker({ database, handlers: definitions.handlers, clock, log: app.log });
  for (const { name, everyMs } of definitions.schedules) jobs.schedule(name, everyMs);
  return {
    app,
    database,
    clock,
    sent,
    logs: capture.lines,
    events,
    dashboardCache,
    accountsDeps,
    jobs,
    close: async () => {
      await jobs.stop();
      await app.close();
      await database.destroy();
    },
  };
}
