import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './platform/db/database';
import type { Clock } from './platform/clock';
import { registerErrorHandler, sendError } from './platform/http/error-handler';
import { registerActor, type ResolveActor } from './platform/http/actor';
import { healthRoutes } from './features/health/health.routes';
import type { Mailer } from './platform/mail';
import { RateLimiter } from './platform/rate-limit';
import { webHeaders, applyCookies } from './platform/http/web-headers';
import { createAuth } from './features/auth/auth';
import { createAuthPort } from './features/auth/auth.port';
import { createAccountsService, type AccountsService } from './features/accounts/accounts.service';
import { accountsRoutes } from './features/accounts/accounts.routes';
import { createSettingsService } from './features/settings/settings.service';
import { settingsRoutes } from './features/settings/settings.routes';
import { measurementsRoutes } from './features/measurements/measurements.routes';
import { alertsRoutes } from './features/alerts/alerts.routes';
import { createAlertMailer } from './features/alerts/alerts.notifier';
import { profileRoutes } from './features/profile/profile.routes';
import { reportsRoutes } from './features/reports/reports.routes';
import { careTeamRoutes } from './features/care-team/care-team.routes';
import { doctorRoutes } from './features/doctor/doctor.routes';
import { registerSupport } from './features/support/support.routes';
import { robotsTxt, sitemapXml } from '@glucosuivi/domain/shared/site-map';

export interface AppDeps {
  database: Database;
  clock: Clock;
  migrationsFolder: string;
  version: string;
  /** Built web app to serve (apps/web/dist); absent in API-only tests. */
  webDist?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Turns a request into the acting user; the accounts feature provides the real one. */
  resolveActor?: ResolveActor;
  /** Served over HTTPS (cookies Secure, HSTS). */
  secure?: boolean;
  mailer: Mailer;
  /** Signs session cookies and encrypts TOTP secrets; stable across restarts. */
  authSecret: string;
  /** Public origin, e.g. http://localhost:3000. */
  publicUrl: string;
  /** Other origins allowed to call the API with cookies (the Vite dev server). */
  trustedOrigins?: string[];
  /** Addresses that are administrators (SPEC §6 fixed administrator address). */
  adminEmails: string[];
  limits?: { signUpPerHour?: number };
}

export interface App {
  app: FastifyInstance;
  accounts: AccountsService;
}

// A request id from a proxy is kept only if it looks like one, so logs cannot be forged with it.
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Builds the whole HTTP application without listening: `main.ts` listens, tests use `inject()`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  return (await buildAppWithServices(deps)).app;
}

/** Same as buildApp, also handing back the services that jobs and the seed use. */
export async function buildAppWithServices(deps: AppDeps): Promise<App> {
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
    trustProxy: process.env.TRUST_PROXY === 'true',
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Toast and dialog libraries set inline styles; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(deps.secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: deps.secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  // API answers (series, lists) are compressed on the fly; static assets are precompressed at
  // build time and skipped here. Brotli at quality 4 costs little CPU for a large gain.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'GlucoSuivi API',
        version: deps.version,
        description: 'API de GlucoSuivi. Every endpoint is declared once in packages/domain/<feature>/<feature>.contract.ts.',
      },
    },
    transform: jsonSchemaTransform,
  });

  registerErrorHandler(app);

  const auth = createAuth({
    db: deps.database.db,
    secret: deps.authSecret,
    baseURL: deps.publicUrl,
    trustedOrigins: [deps.publicUrl, ...(deps.trustedOrigins ?? [])],
    secure: deps.secure ?? false,
    // The accounts service is created below; the reset e-mail needs it (user's language, our link).
    sendPasswordReset: async (data) => accounts.sendPasswordResetEmail(data),
  });
  const accounts = createAccountsService({
    database: deps.database,
    auth: createAuthPort(auth),
    mailer: deps.mailer,
    clock: deps.clock,
    adminEmails: new Set(deps.adminEmails.map((e) => e.toLowerCase())),
    appUrl: deps.publicUrl,
    log: app.log,
    limits: {
      signInPerIp: new RateLimiter(30, 15 * 60_000),
      signInFailuresPerAccount: new RateLimiter(10, 15 * 60_000),
      signUpPerIp: new RateLimiter(deps.limits?.signUpPerHour ?? 20, 60 * 60_000),
      codesPerIp: new RateLimiter(20, 15 * 60_000),
    },
  });
  const settings = createSettingsService({ database: deps.database, clock: deps.clock });
  const alertMailer = createAlertMailer({ database: deps.database, mailer: deps.mailer, appUrl: deps.publicUrl, log: app.log });
  // Alert e-mails run after the answer; closing waits for them before the database goes away.
  app.addHook('onClose', async () => alertMailer.idle());

  registerActor(
    app,
    deps.resolveActor ??
      (async (request, reply) => {
        const { actor, setCookies } = await accounts.resolveActor(webHeaders(request));
        applyCookies(reply, setCookies);
        return actor;
      }),
  );

  const startedAt = deps.clock.now().getTime();
  await app.register(async (api) => {
    healthRoutes(api, {
      database: deps.database,
      migrationsFolder: deps.migrationsFolder,
      version: deps.version,
      startedAt,
      now: () => deps.clock.now().getTime(),
    });
    api.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    accountsRoutes(api, accounts);
    settingsRoutes(api, settings);
    measurementsRoutes(api, { database: deps.database, clock: deps.clock, notify: alertMailer });
    alertsRoutes(api, { database: deps.database, clock: deps.clock });
    profileRoutes(api, { database: deps.database, clock: deps.clock });
    reportsRoutes(api, { database: deps.database, clock: deps.clock });
    careTeamRoutes(api, { database: deps.database, clock: deps.clock, mailer: deps.mailer, appUrl: deps.publicUrl });
    doctorRoutes(api, { database: deps.database, clock: deps.clock });
    registerSupport(api, { database: deps.database, clock: deps.clock, mailer: deps.mailer });
  });

  const webDist = deps.webDist && existsSync(join(deps.webDist, 'index.html')) ? deps.webDist : undefined;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each asset (scripts/build.mjs).
      preCompressed: true,
      setHeaders: (res, path) => {
        res.setHeader('vary', 'accept-encoding');
        // Hashed file names never change content: cache them for a year. Everything else
        // (index.html, manifest, robots) is revalidated so a deploy shows at once.
        res.setHeader(
          'cache-control',
          path.includes(`${join(webDist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  // Written with this instance's own origin, so a self-hosted copy never points search engines
  // at another site.
  app.get('/robots.txt', (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(robotsTxt(deps.publicUrl)),
  );
  app.get('/sitemap.xml', (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/xml; charset=utf-8').send(sitemapXml(deps.publicUrl)),
  );

  const PRERENDERED_PAGES: Readonly<Record<string, string>> = { '/': 'index.html', '/auth': 'auth.html' };
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/');
    if (webDist && wantsPage && !path.startsWith('/assets/')) {
      // The public entry pages were rendered at build time in French, signed out, without query
      // (scripts/prerender.mjs). Any query (?lng=en, ?mode=register, ?next=…) may change what the
      // page shows: that address gets the plain page, rendered by the app alone.
      const prerendered = PRERENDERED_PAGES[path];
      const query = request.url.split('?')[1] ?? '';
      if (prerendered && (query === '' || query === 'lng=fr') && existsSync(join(webDist, 'prerendered', prerendered))) {
        return reply.header('cache-control', 'no-cache').sendFile(`prerendered/${prerendered}`, webDist);
      }
      // History fallback: the SPA owns every other path, including its own 404 page.
      return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
    }
    return sendError(reply, request, 'not_found', 'Not found');
  });

  return { app, accounts };
}
