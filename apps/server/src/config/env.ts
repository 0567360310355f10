import { resolve } from 'node:path';
import { z } from 'zod';

const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** Every environment variable the server reads, validated at start. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanString.optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('GlucoSuivi <no-reply@glucosuivi.fr>'),
  /**
   * The publisher's postal address, shown in the site footer (French legal notice, LCEN art. 6);
   * absent: the footer shows no address line rather than a placeholder.
   */
  LEGAL_ADDRESS: z
    .string()
    .trim()
    .min(5, 'must be a postal address')
    .max(300, 'must be at most 300 characters')
    .optional(),
  ADMIN_EMAILS: z.string().default('admin@glucosuivi.fr'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The operator changes AUTH_SECRET on purpose: this start replaces the secret's fingerprint in
   * the database instead of refusing (secret-fingerprint.ts). Remove it once every server runs
   * with the new secret.
   */
  AUTH_SECRET_ROTATE: booleanString.default(false),
  SEED_DEMO: booleanString.default(true),
  /**
   * The built web app to serve, when not the one beside the server (apps/web/dist): a build
   * deployed elsewhere; the offline journey serves a copy it replaces to act a deploy.
   */
  WEB_DIST: z.string().trim().min(1).optional(),
  /** Sign-ups allowed per address and hour (raised by the browser tests, which sign up a lot). */
  AUTH_SIGNUP_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /**
   * Sign-in attempts allowed per address and 15 minutes, whatever the account (raised by the browser
   * tests: every journey signs in from 127.0.0.1, well over 30 times in 15 minutes).
   */
  AUTH_SIGNIN_PER_15_MIN: z.coerce.number().int().min(1).default(30),
  TRUST_PROXY: booleanString.default(false),
  /**
   * How long a worker's claim holds a job before another server may run it again (ADR 0010):
   * the wait after a server died mid-job. Tests that kill a server shorten it.
   */
  JOB_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(300_000),
  /** Jobs one server runs at once; e-mail jobs mostly wait on the SMTP server, so more may pay off. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** How often the reminder scheduler runs (ADR 0011); a minute, shortened by the multi-server test. */
  REMINDER_SCHEDULE_EVERY_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  /**
   * How long a signed-in page waits for the server's render before the plain page is sent (ADR
   * 0016): past it, the browser renders sooner than the server would. The browser journeys raise
   * it: they check the rendered page itself, on a loaded machine where renders queue.
   */
  PAGE_RENDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1_500),
  /** Web push (RFC 8292): both halves or neither; without them a pair is kept in DATA_DIR/vapid.json. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /** Who push services may contact; default: mailto: the first administrator address. */
  VAPID_SUBJECT: z.string().optional(),
  /** Deliver to plain-http push endpoints: only for a push service on loopback in tests. */
  PUSH_ALLOW_HTTP: booleanString.default(false),
  /**
   * Video consultations (issue 16): the base of their links, e.g. a self-hosted Jitsi at
   * https://visio.example.fr; a room name is appended. Absent: the video mode is not offered.
   */
  VIDEO_BASE_URL: z
    .url()
    .regex(/^https?:\/\//, 'must start with https:// or http://')
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /** How many hours before its start a patient may still cancel an appointment. */
  APPOINTMENT_CANCEL_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  /** Payments (issue 19): both set, or premium is only granted by an administrator. Never logged. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /**
   * Another server that speaks Stripe's API, e.g. http://127.0.0.1:12111 (the tests' and the
   * demo's local stand-in, apps/server/src/test/stripe-standin.ts); absent: Stripe itself.
   */
  STRIPE_API_BASE: z
    .url()
    .regex(/^https?:\/\//, 'must start with https:// or http://')
    .optional(),
});

export type Env = z.infer<typeof envSchema> & { DATA_DIR: string };

/** Parses the environment or returns a readable list of every problem at once. */
export function parseEnv(source: NodeJS.ProcessEnv): { ok: true; env: Env } | { ok: false; problems: string[] } {
  // An empty variable means "not set", as most shells and .env files intend.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    };
  }
  const missingPublicUrl = publicUrlProblem(parsed.data);
  if (missingPublicUrl) return { ok: false, problems: [missingPublicUrl] };
  return { ok: true, env: { ...parsed.data, DATA_DIR: resolve(parsed.data.DATA_DIR) } };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1']);

/**
 * Without PUBLIC_URL the origin defaults to http://localhost:PORT, which is right only for a
 * server reached on this machine. A production server listening beyond it (HOST=0.0.0.0 in a
 * container) would otherwise write localhost into every address it gives a person (e-mail links,
 * the calendar feed address, sitemap.xml) and refuse its own pages' requests (Origin check).
 */
function publicUrlProblem(env: z.infer<typeof envSchema>): string | null {
  if (env.PUBLIC_URL || env.NODE_ENV !== 'production' || LOOPBACK_HOSTS.has(env.HOST)) return null;
  return `PUBLIC_URL: must be set in production when HOST (${env.HOST}) is reachable from other machines: the addresses in e-mails and calendar feeds are built with it`;
}
