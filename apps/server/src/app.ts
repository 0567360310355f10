import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './platform/db/database';
import { systemSleep, systemTimers, type Clock, type Sleep, type Timers } from './platform/clock';
import { createAdmissionQueue, defaultAdmissionLimits, type AdmissionLimits, type AdmissionQueue } from './platform/admission';
import { registerAdmission } from './platform/http/admission-hook';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from './platform/http/error-handler';
import { registerWebPages } from './platform/http/web-pages';
import { registerInputGuard } from './platform/http/input-guard';
import { registerJsonBodyParser } from './platform/http/json-body';
import { registerActor, type ResolveActor } from './platform/http/actor';
import { registerOriginCheck } from './platform/http/origin-check';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { registerHttpPlugins } from './platform/http/http-plugins';
import { healthRoutes } from './features/health/health.routes';
import { siteRoutes } from './features/site/site.routes';
import type { Mailer } from './platform/mail';
import type { PushSender } from './platform/push/push.port';
import { Cooldown, keyHasher, RateLimiter, type RateLimitStore } from './platform/rate-limit';
import { databaseRateLimitStore } from './platform/rate-limit-store';
import { webHeaders, applyCookies } from './platform/http/web-headers';
import { carriesSessionCookie, createAuth, sessionTokenOf } from './features/auth/auth';
import { createAuthPort } from './features/auth/auth.port';
import type { AccountsDeps } from './features/accounts/accounts.service';
import { resolveActor } from './features/accounts/account-sign-in.service';
import { passwordWasReset, sendPasswordResetEmail } from './features/accounts/account-credentials.service';
import { createSignInThrottle, UNLOCK_LINK_VALID_MS } from './features/accounts/sign-in-throttle';
import { accountsRoutes } from './features/accounts/accounts.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import { measurementsRoutes } from './features/measurements/measurements.routes';
import { nightscoutRoutes } from './features/nightscout/nightscout.routes';
import { AUTH_FAILURE_WINDOW_MS } from './features/nightscout/nightscout.service';
import { alertsRoutes } from './features/alerts/alerts.routes';
import { createDashboardCache, type DashboardCache } from './features/measurements/dashboard-cache';
import { createInProcessEventBus, type EventBus } from './platform/events/event-bus';
import { profileRoutes } from './features/profile/profile.routes';
import { reportsRoutes } from './features/reports/reports.routes';
import { dataArchiveEntries } from './features/reports/data-archive.service';
import { careTeamRoutes } from './features/care-team/care-team.routes';
import { doctorRoutes } from './features/doctor/doctor.routes';
import { departmentRoutes } from './features/department/department.routes';
import { adviceRoutes } from './features/advice/advice.routes';
import { resourcesRoutes } from './features/resources/resources.routes';
import { createHandoutCache } from './features/resources/handouts.cache';
import { messagesRoutes } from './features/messages/messages.routes';
import { supportRoutes, SUPPORT_LIMIT } from './features/support/support.routes';
import { communityRoutes, FORUM_LIMITS } from './features/community/community.routes';
import { HEARTBEAT_INTERVAL_MS, SESSION_RECHECK_MS } from '@glucosuivi/domain/realtime/realtime.schemas';
import { createRealtimeHub, type RealtimeHub } from './features/realtime/realtime.hub';
import { realtimeRoutes } from './features/realtime/realtime.routes';
import { subscribeAll } from './app-subscribers';
import { adminRoutes } from './features/admin/admin.routes';
import { adminOpsRoutes } from './features/admin/admin-ops.routes';
import { pushRoutes } from './features/push/push.routes';
import type { JobHandlers, JobSchedule } from './platform/jobs/job-worker';
import { jobDefinitions } from './app-jobs';
import { remindersRoutes } from './features/reminders/reminders.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { appointmentsRoutes } from './features/appointments/appointments.routes';
import { nightscoutFollowRoutes } from './features/nightscout/nightscout-follow.routes';
import { followDeps, type FollowRemoteOptions } from './features/nightscout/nightscout-follow.service';
import { subscriptionRoutes } from './features/subscription/subscription.routes';
import { createPaymentGateway, type PaymentsConfig } from './features/subscription/stripe-gateway';

export interface AppDeps {
  database: Database;
  clock: Clock;
  /** Deadlines of the admission queue; default the system's (tests pass timers on their clock). */
  timers?: Timers;
  /** Deliberate waits (the Nightscout failed-authentication delay); default real time. */
  sleep?: Sleep;
  /** The admission queue in front of the database (ADR 0019); default per engine. */
  admission?: Partial<AdmissionLimits>;
  migrationsFolder: string;
  version: string;
  /** Built web app to serve (apps/web/dist); absent in API-only tests. */
  webDist?: string | undefined;
  /** The web app's page-render worker (apps/web/ssr/page-render-worker.mjs); absent: the browser renders every page. */
  pageRenderWorker?: string | undefined;
  /** How long a request waits for its page's render before the plain page is sent (default 1.5 s). */
  pageRenderTimeoutMs?: number | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Turns a request into the acting user; the accounts feature provides the real one. */
  resolveActor?: ResolveActor;
  /** Served over HTTPS (cookies Secure, HSTS). */
  secure?: boolean;
  /**
   * Behind a reverse proxy whose X-Forwarded-For is trusted (TRUST_PROXY): the client address
   * that rate limits and the audit see is then the forwarded one.
   */
  trustProxy?: boolean;
  mailer: Mailer;
  /**
   * Web push (VAPID keys from env or DATA_DIR, main.ts). Absent (most tests): the push endpoints
   * answer 503 `unavailable`, and deliveries skip the push channel.
   */
  push?: PushSender;
  /** Signs session cookies and encrypts TOTP secrets; stable across restarts. */
  authSecret: string;
  /** Public origin, e.g. http://localhost:3000. */
  publicUrl: string;
  /** Other origins allowed to call the API with cookies (the Vite dev server). */
  trustedOrigins?: string[];
  /** Addresses that are administrators (SPEC §6 fixed administrator address). */
  adminEmails: string[];
  limits?: { signUpPerHour?: number; signInPer15Min?: number };
  /**
   * Where rate-limit and lockout counters live; every server of a deployment must share it.
   * Default: the database (rate_limit_counters).
   */
  rateLimitStore?: RateLimitStore;
  /**
   * Domain events after commit (ADR 0007). main.ts passes the PostgreSQL LISTEN/NOTIFY bus when
   * several servers may share the database; absent, an in-process bus is created. The caller
   * that passed a bus closes it.
   */
  events?: EventBus;
  /** The realtime channel's heartbeat period and session re-check period (tests shorten them). */
  realtimeHeartbeatMs?: number;
  realtimeSessionCheckMs?: number;
  /** How often the reminder scheduler runs (default every minute; the multi-server test shortens it). */
  reminderScheduleEveryMs?: number;
  /** VIDEO_BASE_URL (absent: no video consultations) and APPOINTMENT_CANCEL_HOURS (default 24). */
  appointments?: { videoBaseUrl?: string | undefined; cancelHours?: number };
  /** How followed Nightscout sites are reached; plain http and loopback for tests and development only (SSRF). */
  nightscoutFollow?: FollowRemoteOptions;
  /** Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE); absent: no payments, premium is only granted. */
  payments?: PaymentsConfig;
  /** LEGAL_ADDRESS: the publisher's postal address shown in the site footer; absent: no address line. */
  legalAddress?: string | undefined;
}

export interface App {
  app: FastifyInstance;
  /** What the accounts functions take first, for jobs, the seed and `admin:create`. */
  accountsDeps: AccountsDeps;
  events: EventBus;
  dashboardCache: DashboardCache;
  /** The queue in front of the database (ADR 0019); tests watch it fill. */
  admission: AdmissionQueue;
  /**
   * What the job worker runs (ADR 0010): main.ts starts a worker with these; tests build one on
   * the test clock and run due jobs when they choose. buildAppWithServices never starts a worker.
   */
  jobs: { handlers: JobHandlers; schedules: JobSchedule[] };
}

// A request id from a proxy is kept only if it looks like one, so logs cannot be forged with it.
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Builds the whole HTTP application without listening (`main.ts` listens, tests use `inject()`),
 * and hands back the deps and adapters that jobs, the seed and tests use.
 */
export async function buildAppWithServices(deps: AppDeps): Promise<App> {
  const app = createFastify(deps);
  await registerHttpPlugins(app, deps);

  registerErrorHandler(app);
  registerSecurityHeaders(app);
  // Before the actor hook: a forged request is refused without even looking up its session.
  registerOriginCheck(app, [deps.publicUrl, ...(deps.trustedOrigins ?? [])]);
  registerInputGuard(app);
  // Before the actor hook, whose session lookup is the request's first query.
  const admission = createAdmissionQueue({ ...defaultAdmissionLimits(deps.database.engine), ...deps.admission }, deps.clock, deps.timers ?? systemTimers);
  registerAdmission(app, admission, (request) => sessionTokenOf(request.headers.cookie) ?? request.ip);

  const services = createServices(app, deps);
  const { accountsDeps, events, dashboardCache } = services;

  registerActor(app, services.requestActor);

  await registerApiRoutes(app, deps, services);
  await registerWebPages(app, {
    ...deps,
    maybeSignedIn: (request) => carriesSessionCookie(request.headers.cookie),
    roleOf: async (request) => (await services.requestActor(request))?.role ?? null,
  });

  return { app, accountsDeps, events, dashboardCache, admission, jobs: jobDefinitions(deps, accountsDeps, events, app.log) };
}

/** Fastify with the app's request ids, limits and timeouts, zod schemas, and the request id echoed back. */
function createFastify(deps: AppDeps): FastifyInstance {
  const app = Fastify({
    logger: deps.logger ?? false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Explicit timeouts: a slow client cannot hold a socket forever.
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    // Longer than a client (browser, proxy, test runner) keeps an idle connection before
    // reusing it: with 5 s, a request sent as the server closed the socket failed with
    // ECONNRESET (seen in CI after a 5 s wait between two calls). Idle sockets still close at
    // shutdown (Fastify's forceCloseConnections: 'idle').
    keepAliveTimeout: 72_000,
    trustProxy: deps.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed URL (`/api/x/%`) answers in the app's error format, not Fastify's.
    frameworkErrors: frameworkErrorHandler,
    // Connection errors before a request exists (headers over 16 kB): the same error format.
    clientErrorHandler,
  });
  // Before any route or plugin scope is made, so every one inherits it.
  registerJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  return app;
}

interface Services {
  accountsDeps: AccountsDeps;
  events: EventBus;
  dashboardCache: DashboardCache;
  realtimeHub: RealtimeHub;
  /** Who a request's session signs in (the accounts feature's, or the test's header seam). */
  requestActor: ResolveActor;
  /** A rate limiter on the shared counter store. */
  limit: (name: string, max: number, windowMs: number) => RateLimiter;
}

/** The credential layer, the deps the accounts routes share, and the subscribers of the domain events. */
function createServices(app: FastifyInstance, deps: AppDeps): Services {
  const auth = createAuth({
    db: deps.database.db,
    secret: deps.authSecret,
    baseURL: deps.publicUrl,
    trustedOrigins: [deps.publicUrl, ...(deps.trustedOrigins ?? [])],
    secure: deps.secure ?? false,
    // The accounts deps are built below; the reset e-mail needs them (user's language, our link).
    sendPasswordReset: async (data) => sendPasswordResetEmail(accountsDeps, data),
    onPasswordReset: async (userId) => passwordWasReset(accountsDeps, userId),
  });
  const limitStore = deps.rateLimitStore ?? databaseRateLimitStore(deps.database.db);
  const limitKeys = keyHasher(deps.authSecret);
  const limit = (name: string, max: number, windowMs: number) => new RateLimiter(limitStore, limitKeys, name, max, windowMs);
  const HOUR_MS = 60 * 60_000;
  const events = deps.events ?? createInProcessEventBus(app.log);
  const accountsDeps: AccountsDeps = {
    database: deps.database,
    auth: createAuthPort(auth, deps.database.db),
    mailer: deps.mailer,
    clock: deps.clock,
    adminEmails: new Set(deps.adminEmails.map((e) => e.toLowerCase())),
    appUrl: deps.publicUrl,
    log: app.log,
    events,
    exporters: [dataArchiveEntries({ database: deps.database, clock: deps.clock, mailer: deps.mailer, appUrl: deps.publicUrl, events })],
    limits: {
      signUpPerIp: limit('sign-up-ip', deps.limits?.signUpPerHour ?? 20, HOUR_MS),
      codesPerIp: limit('codes-ip', 20, 15 * 60_000),
    },
    signInThrottle: createSignInThrottle({
      limits: {
        signInPerIp: limit('sign-in-ip', deps.limits?.signInPer15Min ?? 30, 15 * 60_000),
        // The per-client count only feeds the growing wait (signInWaitMs); it never refuses itself.
        signInFailuresPerClient: limit('sign-in-client', Number.MAX_SAFE_INTEGER, HOUR_MS),
        signInWait: new Cooldown(limitStore, limitKeys, 'sign-in-wait'),
        // Ten times the free failures of one client, per hour, from all unknown clients together.
        signInFailuresPerAccount: limit('sign-in-account', 50, HOUR_MS),
        knownDevices: limit('known-device', Number.MAX_SAFE_INTEGER, 400 * 24 * HOUR_MS),
        unlockLinksPerAccount: limit('unlock-link-account', 3, HOUR_MS),
        unlockLinksUsed: limit('unlock-link-used', 1, UNLOCK_LINK_VALID_MS),
      },
      // Signs the e-mailed unlock links.
      secret: deps.authSecret,
      secureCookies: deps.publicUrl.startsWith('https:'),
    }),
  };
  // Subscribers of the domain events: nothing calls them from a service.
  const dashboardCache = createDashboardCache();
  const realtimeHub = createRealtimeHub({ heartbeatMs: deps.realtimeHeartbeatMs ?? HEARTBEAT_INTERVAL_MS });
  const unsubscribeAll = subscribeAll(events, { database: deps.database, clock: deps.clock, dashboardCache, realtimeHub });
  app.addHook('onClose', async () => unsubscribeAll());
  const requestActor: ResolveActor =
    deps.resolveActor ??
    (async (request, reply) => {
      const { actor, setCookies } = await resolveActor(accountsDeps, webHeaders(request));
      if (reply) applyCookies(reply, setCookies);
      return actor;
    });
  return { accountsDeps, events, dashboardCache, realtimeHub, requestActor, limit };
}

async function registerApiRoutes(app: FastifyInstance, deps: AppDeps, { accountsDeps, events, dashboardCache, realtimeHub, requestActor, limit }: Services): Promise<void> {
  const startedAt = deps.clock.now().getTime();
  await app.register(async (api) => {
    healthRoutes(api, {
      database: deps.database,
      migrationsFolder: deps.migrationsFolder,
      version: deps.version,
      startedAt,
      now: () => deps.clock.now().getTime(),
    });
    siteRoutes(api, { legalAddress: deps.legalAddress });
    api.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    accountsRoutes(api, accountsDeps);
    settingsRoutes(api, { database: deps.database, clock: deps.clock, events });
    measurementsRoutes(api, { database: deps.database, clock: deps.clock, events, dashboardCache });
    nightscoutRoutes(api, { database: deps.database, clock: deps.clock, sleep: deps.sleep ?? systemSleep, events, authFailures: limit('nightscout-auth-ip', Number.MAX_SAFE_INTEGER, AUTH_FAILURE_WINDOW_MS) });
    nightscoutFollowRoutes(api, followDeps(deps, events, deps.nightscoutFollow));
    alertsRoutes(api, { database: deps.database, clock: deps.clock, events });
    profileRoutes(api, { database: deps.database, clock: deps.clock, events });
    reportsRoutes(api, { database: deps.database, clock: deps.clock, events });
    careTeamRoutes(api, { database: deps.database, clock: deps.clock, mailer: deps.mailer, appUrl: deps.publicUrl, events });
    doctorRoutes(api, { database: deps.database, clock: deps.clock, events });
    departmentRoutes(api, { database: deps.database, clock: deps.clock, events });
    adviceRoutes(api, { database: deps.database, clock: deps.clock, events });
    resourcesRoutes(api, { handouts: createHandoutCache() });
    realtimeRoutes(api, {
      database: deps.database,
      hub: realtimeHub,
      allowedOrigins: new Set([deps.publicUrl, ...(deps.trustedOrigins ?? [])].map((url) => new URL(url).origin)),
      heartbeatMs: deps.realtimeHeartbeatMs ?? HEARTBEAT_INTERVAL_MS,
      sessionCheck: {
        everyMs: deps.realtimeSessionCheckMs ?? SESSION_RECHECK_MS,
        // The session's refreshed cookies cannot reach an open socket: only who it signs in counts.
        resolve: (request) => requestActor(request),
      },
    });
    messagesRoutes(api, { database: deps.database, clock: deps.clock, events });
    remindersRoutes(api, { database: deps.database, clock: deps.clock, events });
    appointmentsRoutes(api, { database: deps.database, clock: deps.clock, events, appUrl: deps.publicUrl, videoBaseUrl: deps.appointments?.videoBaseUrl, cancelHours: deps.appointments?.cancelHours ?? 24 });
    notificationsRoutes(api, { database: deps.database, clock: deps.clock });
    adminRoutes(api, { database: deps.database, clock: deps.clock, adminEmails: accountsDeps.adminEmails, auth: accountsDeps.auth, appUrl: deps.publicUrl, events });
    adminOpsRoutes(api, { database: deps.database, clock: deps.clock, adminEmails: accountsDeps.adminEmails, accessDeniedRecords: limit('access-denied-audit', 1, 60_000), log: api.log });
    pushRoutes(api, { database: deps.database, clock: deps.clock, push: deps.push, testLimit: limit('push-test-user', 5, 10 * 60_000) });
    subscriptionRoutes(api, {
      database: deps.database,
      clock: deps.clock,
      payments: deps.payments ? createPaymentGateway(deps.payments) : null,
      appUrl: deps.publicUrl,
      adminEmails: accountsDeps.adminEmails,
    });
    supportRoutes(api, {
      database: deps.database,
      clock: deps.clock,
      mailer: deps.mailer,
      log: api.log,
      perIp: limit('support-ip', SUPPORT_LIMIT.max, SUPPORT_LIMIT.windowMs),
      appUrl: deps.publicUrl,
    });
    communityRoutes(api, {
      database: deps.database,
      clock: deps.clock,
      mailer: deps.mailer,
      log: api.log,
      appUrl: deps.publicUrl,
      limits: {
        postsBurst: limit('forum-posts-burst', FORUM_LIMITS.postsBurst.max, FORUM_LIMITS.postsBurst.windowMs),
        postsDaily: limit('forum-posts-daily', FORUM_LIMITS.postsDaily.max, FORUM_LIMITS.postsDaily.windowMs),
        threads: limit('forum-threads', FORUM_LIMITS.threads.max, FORUM_LIMITS.threads.windowMs),
        reports: limit('forum-reports', FORUM_LIMITS.reports.max, FORUM_LIMITS.reports.windowMs),
      },
    });
  });
}
